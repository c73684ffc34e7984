import type { NextRequest } from "next/server";
import { handlers } from "@/lib/auth";
import { clientIp, limitMagicLinkRequests } from "@/lib/auth/limit-magic-link-requests";
import { toErrorResponse } from "@/lib/api/to-error-response";

export const { GET } = handlers;

// Auth.js's e-mail sign-in endpoint sends mail too: it gets the same limit as the sign-in form.
export async function POST(request: NextRequest): Promise<Response> {
  if (request.nextUrl.pathname.endsWith("/signin/nodemailer")) {
    const form = await request
      .clone()
      .formData()
      .catch(() => null);
    try {
      await limitMagicLinkRequests(String(form?.get("email") ?? ""), clientIp(request.headers));
    } catch (error) {
      return toErrorResponse(error);
    }
  }
  return handlers.POST(request);
}
