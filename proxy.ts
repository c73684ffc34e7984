import { NextResponse, type NextRequest } from "next/server";
import { SIGNED_IN_HOME_HEADER, SIGNED_IN_ROUTES } from "@/config/signed-in-routes";
import { SESSION_COOKIES } from "@/lib/auth/session-cookie";
import { isCrossSiteActionPost } from "@/lib/security/cross-site-action";

const isSignedInRoute = (path: string) =>
  SIGNED_IN_ROUTES.some((route) => path === route || path.startsWith(`${route}/`));

// A cheap first gate on the cookie's presence; pages and API routes still verify the session.
export function proxy(request: NextRequest) {
  // Nothing would run, but Next.js would answer 500: say what it is (API routes answer their own 403).
  if (isCrossSiteActionPost(request.method, request.headers)) {
    return NextResponse.json({ code: "cross_site", message: "Cross-site request refused" }, { status: 403 });
  }
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
  if (!hasSession && isSignedInRoute(request.nextUrl.pathname)) {
    // From nextUrl, like the rewrite above: the host and port the browser used.
    const landing = request.nextUrl.clone();
    landing.pathname = "/";
    landing.search = "";
    return NextResponse.redirect(landing);
  }
  return NextResponse.next();
}

// Next.js needs the matcher as literals: keep it in step with config/signed-in-routes.ts (the
// security e2e suite checks that list against the signed-in pages). The last entry adds every
// other page for requests that carry an Origin (a browser's POST), for the cross-site check.
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
    { source: "/((?!api/|_next/static/|_next/image).*)", has: [{ type: "header", key: "origin" }] },
  ],
};
