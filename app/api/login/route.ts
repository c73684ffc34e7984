import type { NextRequest } from "next/server";

/**
 * The sign-in link: leads to the product's own sign-in page. The Location is relative so the
 * browser stays on the host and port it used (127.0.0.1 stays 127.0.0.1).
 */
export function GET(request: NextRequest) {
  const target = new URLSearchParams();
  const callbackUrl = request.nextUrl.searchParams.get("callbackUrl");
  if (callbackUrl?.startsWith("/") && !callbackUrl.startsWith("//")) target.set("callbackUrl", callbackUrl);
  const query = target.toString();
  return new Response(null, { status: 307, headers: { Location: `/sign-in${query ? `?${query}` : ""}` } });
}
