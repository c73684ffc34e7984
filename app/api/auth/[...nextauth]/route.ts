import type { NextRequest } from "next/server";
import { handlers } from "@/lib/auth";
import { limitMagicLinkRequests } from "@/lib/auth/limit-magic-link-requests";
import { clientAddress } from "@/lib/http/client-address";
import { toErrorResponse } from "@/lib/api/to-error-response";
import { isCrossSite } from "@/lib/api/same-origin";
import { forbidden } from "@/lib/errors/domain-error";
import { MAGIC_LINK_CALLBACK_PATH, magicLinkConfirmUrl } from "@/lib/auth/magic-link-confirm-url";

/**
 * A GET of the e-mail callback (a mail scanner, a link preview, an old link) must not use the
 * token up: it goes to the confirmation page, whose button POSTs to the callback.
 */
export async function GET(request: NextRequest): Promise<Response> {
  if (request.nextUrl.pathname === MAGIC_LINK_CALLBACK_PATH) {
    return Response.redirect(magicLinkConfirmUrl(request.url), 303);
  }
  return handlers.GET(request);
}

/**
 * Every Auth.js POST comes from our own pages. The e-mail callback checks no CSRF token, so
 * without this another site could post its owner's own sign-in link and sign a visitor's
 * browser into that account (login CSRF). The e-mail sign-in endpoint sends mail: it gets the
 * same limit as the sign-in form.
 */
export async function POST(request: NextRequest): Promise<Response> {
  if (isCrossSite(request)) {
    return toErrorResponse(forbidden({ code: "cross_site", message: "Cross-site request refused" }));
  }
  if (request.nextUrl.pathname.endsWith("/signin/nodemailer")) {
    const form = await request
      .clone()
      .formData()
      .catch(() => null);
    try {
      await limitMagicLinkRequests(String(form?.get("email") ?? ""), clientAddress(request.headers));
    } catch (error) {
      return toErrorResponse(error);
    }
  }
  return handlers.POST(request);
}
