import { NextResponse, type NextRequest } from "next/server";
import { SIGNED_IN_HOME_HEADER } from "@/config/signed-in-routes";
import { SESSION_COOKIES } from "@/lib/auth/session-cookie";

// A cheap first gate on the cookie's presence; pages and API routes still verify the session.
export function proxy(request: NextRequest) {
  const hasSession = SESSION_COOKIES.some((name) => request.cookies.has(name));
  if (request.nextUrl.pathname === "/") {
    // `/` is two pages: the landing stays free of the signed-in shell's client JavaScript
    // (one route ships every client component it imports), the dashboard gets its own route,
    // to which next.config.ts rewrites `/` when a session cookie is present (after this runs).
    if (!hasSession) return NextResponse.next();
    const headers = new Headers(request.headers);
    headers.set(SIGNED_IN_HOME_HEADER, "1");
    return NextResponse.next({ request: { headers } });
  }
  if (!hasSession) {
    // From nextUrl, like the rewrite above: the host and port the browser used.
    const landing = request.nextUrl.clone();
    landing.pathname = "/";
    landing.search = "";
    return NextResponse.redirect(landing);
  }
  return NextResponse.next();
}

// Next.js needs the matcher as literals: keep it in step with config/signed-in-routes.ts (the
// security e2e suite checks that list against the signed-in pages).
export const config = {
  matcher: [
    "/",
    "/contacts/:path*",
    "/reminders/:path*",
    "/schedule/:path*",
    "/settings/:path*",
    "/billing/:path*",
    "/checkout/:path*",
    "/activity/:path*",
  ],
};
