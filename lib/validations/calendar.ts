import { z } from "zod";
import { parseCivilDate } from "@/lib/recurrence/civil-date";

/**
 * The feed route's path segment, `<token>.ics`, read as the token alone. A token is 32 random
 * bytes, base64url without padding (43 characters).
 */
export const calendarFeedParamsSchema = z
  .object({
    file: z.string().regex(/^[A-Za-z0-9_-]{43}\.ics$/, "Not a calendar feed address"),
  })
  .transform(({ file }) => ({ token: file.slice(0, -".ics".length) }));

/** The settings card's "Create feed link" / "Regenerate link": no input. */
export const calendarFeedLinkSchema = z.object({}).strict();

/** The Schedule page's views: the list (Today / Tomorrow / Upcoming) and the calendar's week and month. */
export const SCHEDULE_VIEWS = ["list", "week", "month"] as const;
export type ScheduleView = (typeof SCHEDULE_VIEWS)[number];

/** Every day a page can show is a four-digit year that Intl and the recurrence engine both read. */
const FIRST_YEAR = 1900;
const LAST_YEAR = 9998;

const pageDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => {
    try {
      const { year } = parseCivilDate(value);
      return year >= FIRST_YEAR && year <= LAST_YEAR;
    } catch {
      return false;
    }
  });

/**
 * The Schedule page's address: `?view=list|week|month&date=YYYY-MM-DD` (the day whose week or
 * month is shown). A value it cannot read is the default (the list; today), never an error page:
 * an old or hand-edited link still opens the Schedule.
 */
export const scheduleSearchSchema = z.object({
  view: z.enum(SCHEDULE_VIEWS).catch("list"),
  date: pageDate.optional().catch(undefined),
});
