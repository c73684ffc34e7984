import { publicRoute } from "@/lib/api/route";
import { endSession } from "@/lib/auth/end-session";
import { expireSessionCookies } from "@/lib/auth/session-cookie";

/**
 * The log-out address. A GET changes nothing (an image or a prefetch from anywhere can make
 * one): it leads to a page whose button POSTs here. The POST, refused from other sites by the
 * wrapper, ends the session and returns to the landing page. Locations are relative so the
 * browser stays on the host it used.
 */
export async function GET() {
  return new Response(null, { status: 303, headers: { Location: "/sign-out" } });
}

export const POST = publicRoute({}, async ({ request }) => {
  await endSession(request);
  const response = new Response(null, { status: 303, headers: { Location: "/" } });
  expireSessionCookies(response.headers);
  return response;
});
