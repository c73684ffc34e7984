import "server-only";
/** The address calendar apps subscribe to: `<origin>/api/calendar/<token>.ics`. */
export function calendarFeedUrl(origin: string, token: string): string {
  return `${origin.replace(/\/$/, "")}/api/calendar/${token}.ics`;
}
