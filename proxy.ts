import { NextResponse, type NextRequest } from "next/server";
import { SESSION_COOKIES } from "@/lib/auth/session-cookie";

/** Internal route of the signed-in `/` (dashboard), reached only through the rewrite below. */
export const SIGNED_IN_HOME = "/home";
export const SIGNED_IN_HOME_HEADER = "x-remindful-home";

// A cheap first gate on the cookie's presence; pages and API routes still verify the session.
export function proxy(request: NextRequest) {
  const hasSession = SESSION_COOKIES.some((name) => request.cookies.has(name));
  if (request.nextUrl.pathname === "/") {
    // `/` is two pages: the landing stays free of the signed-in shell's client JavaScript
    // (one route ships every client component it imports), the dashboard gets its own route.
    if (!hasSession) return NextResponse.next();
    const headers = new Headers(request.headers);
    headers.set(SIGNED_IN_HOME_HEADER, "1");
    // nextUrl keeps the server's own origin: a URL built from request.url carries the browser's
    // Host, which `next dev -H 127.0.0.1` opened as localhost took for an external proxy target.
    const target = request.nextUrl.clone();
    target.pathname = SIGNED_IN_HOME;
    return NextResponse.rewrite(target, { request: { headers } });
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
