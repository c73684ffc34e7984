/**
 * Routes that need a signed-in user; signed-out visitors go to the landing page.
 * Read by proxy.ts, robots.ts and the security e2e suite (no Next.js imports, so tests load it).
 */
export const SIGNED_IN_ROUTES = [
  "/contacts",
  "/reminders",
  "/schedule",
  "/settings",
  "/billing",
  "/checkout",
  "/activity",
];

/** Internal route of the signed-in `/` (the dashboard), reached only through the rewrite below. */
export const SIGNED_IN_HOME = "/home";
/** Set by proxy.ts on a signed-in `/`; the dashboard route answers 404 without it. */
export const SIGNED_IN_HOME_HEADER = "x-remindful-home";

/**
 * next.config.ts's rewrite of `/` to the dashboard when a session cookie is present (either
 * name). A rewrite from the configuration is a path change inside the server; the same rewrite
 * returned by proxy.ts was proxied over HTTP to the server itself whenever it listened on
 * 127.0.0.1 (Next.js writes a proxy's rewrite URL with `localhost`, which then differs from
 * the server's own origin), rendering every signed-in `/` twice over the wire.
 */
export function signedInHomeRewrites(sessionCookies: readonly string[]) {
  return sessionCookies.map((key) => ({
    source: "/",
    has: [{ type: "cookie" as const, key }],
    destination: SIGNED_IN_HOME,
  }));
}
