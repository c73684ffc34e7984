/**
 * SPEC's route table: these need a signed-in user; signed-out visitors go to the landing page.
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
