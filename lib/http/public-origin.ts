import "server-only";
import { appUrlIsSet, env, isProduction } from "@/lib/env";

/**
 * The origin links and upload URLs should use. APP_URL when it is set (always in production);
 * in development without it, the origin the browser used (`PORT=3917 npm run dev` or
 * `127.0.0.1` work as they are opened), from the proxy's forwarded headers or Host.
 */
export function publicOrigin(headers: Headers): string {
  if (appUrlIsSet || isProduction) return new URL(env.APP_URL).origin;
  const host = headers.get("x-forwarded-host")?.split(",")[0]?.trim() || headers.get("host");
  if (!host) return new URL(env.APP_URL).origin;
  const proto = headers.get("x-forwarded-proto")?.split(",")[0]?.trim() === "https" ? "https" : "http";
  try {
    return new URL(`${proto}://${host}`).origin;
  } catch {
    return new URL(env.APP_URL).origin;
  }
}
