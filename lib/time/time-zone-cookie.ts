import { isValidTimeZone } from "./time-zones";

/**
 * The browser's IANA zone, written by the inline head script on every page
 * (components/layout/head-script.ts), so the request that creates an account already carries it.
 */
export const TIME_ZONE_COOKIE = "tz";

// Names the browser may give UTC by (Chromium on a UTC machine says "Etc/UTC"): one spelling,
// the one the settings list offers.
const UTC_ALIASES = new Set([
  "Etc/UTC",
  "Etc/UCT",
  "Etc/GMT",
  "Etc/GMT+0",
  "Etc/GMT-0",
  "Etc/GMT0",
  "Etc/Greenwich",
  "Etc/Universal",
  "Etc/Zulu",
  "GMT",
  "GMT0",
  "Greenwich",
  "UCT",
  "Universal",
  "Zulu",
]);

/** `zone` if the runtime knows it (UTC under one name), else null. */
export function knownTimeZone(zone: string | null | undefined): string | null {
  if (!zone || zone.length > 64) return null;
  if (UTC_ALIASES.has(zone)) return "UTC";
  return isValidTimeZone(zone) ? zone : null;
}

/** The zone the cookie names, if it is one the runtime knows. */
export function timeZoneFromCookie(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    return knownTimeZone(decodeURIComponent(value));
  } catch {
    return null;
  }
}
