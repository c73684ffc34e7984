import type { NextRequest } from "next/server";
import { handlers } from "@/lib/auth";
import { limitMagicLinkRequests } from "@/lib/auth/limit-magic-link-requests";
import { clientAddress } from "@/lib/http/client-address";
import { toErrorResponse } from "@/lib/api/to-error-response";
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

// Auth.js's e-mail sign-in endpoint sends mail too: it gets the same limit as the sign-in form.
export async function POST(request: NextRequest): Promise<Response> {
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
