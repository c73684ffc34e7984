import { NextResponse, type NextRequest } from "next/server";

/** SPEC's sign-in link: leads to the product's own sign-in page. */
export function GET(request: NextRequest) {
  const target = new URL("/sign-in", request.nextUrl);
  const callbackUrl = request.nextUrl.searchParams.get("callbackUrl");
  if (callbackUrl?.startsWith("/") && !callbackUrl.startsWith("//"))
    target.searchParams.set("callbackUrl", callbackUrl);
  return NextResponse.redirect(target);
}
