import "server-only";
import { env } from "@/lib/env";

/**
 * A browser write from another site carries its Origin (or Sec-Fetch-Site: cross-site).
 * Requests without either (curl, server-to-server) are not browser CSRF and pass.
 */
export function isCrossSite(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (origin) {
    const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
    const allowed = new Set([new URL(env.APP_URL).origin]);
    if (host) {
      allowed.add(`http://${host}`);
      allowed.add(`https://${host}`);
    }
    return !allowed.has(origin);
  }
  return request.headers.get("sec-fetch-site") === "cross-site";
}
