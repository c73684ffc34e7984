import { NextResponse, type NextRequest } from "next/server";
import { SESSION_COOKIES } from "@/lib/auth/session-cookie";

/** SPEC's route table: these need a signed-in user; signed-out visitors go to the landing page. */
export const SIGNED_IN_ROUTES = [
  "/contacts",
  "/reminders",
  "/schedule",
  "/settings",
  "/billing",
  "/checkout",
];

// A cheap first gate on the cookie's presence; pages and API routes still verify the session.
export function proxy(request: NextRequest) {
  const hasSession = SESSION_COOKIES.some((name) => request.cookies.has(name));
  if (!hasSession) return NextResponse.redirect(new URL("/", request.url));
  return NextResponse.next();
}

export const config = {
  matcher: [
    "/contacts/:path*",
    "/reminders/:path*",
    "/schedule/:path*",
    "/settings/:path*",
    "/billing/:path*",
    "/checkout/:path*",
  ],
};
