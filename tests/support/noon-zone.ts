/**
 * A fixed-offset IANA zone (Etc/GMT±N) where the instant `atMs` falls about noon: for tests
 * whose sends happen at the real time (a reply's snooze, a job run by the worker) and must not
 * fall in SMS quiet hours (20:00-08:00 recipient time), whatever the hour the suite runs.
 */
export function noonZone(atMs: number): string {
  const hour = new Date(atMs).getUTCHours();
  const offset = ((12 - hour + 36) % 24) - 12;
  // Etc/GMT signs are inverted: Etc/GMT-5 is UTC+5.
  return offset >= 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}
