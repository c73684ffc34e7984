/** The settings' common time zones, shown first; every other IANA zone follows. */
export const FEATURED_TIME_ZONES = [
  "UTC",
  "America/New_York",
  "America/Chicago",
  "America/Denver",
  "America/Los_Angeles",
  "America/Anchorage",
  "Pacific/Honolulu",
  "Europe/London",
  "Europe/Paris",
  "Europe/Berlin",
  "Asia/Tokyo",
  "Asia/Shanghai",
  "Asia/Dubai",
  "Australia/Sydney",
] as const;

let known: Set<string> | undefined;

export function allTimeZones(): string[] {
  return ["UTC", ...Intl.supportedValuesOf("timeZone").filter((zone) => zone !== "UTC")];
}

export function isValidTimeZone(zone: string): boolean {
  known ??= new Set(allTimeZones());
  if (known.has(zone)) return true;
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return zone.includes("/");
  } catch {
    return false;
  }
}
