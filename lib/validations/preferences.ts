import { z } from "zod";
import { DELIVERY_METHODS } from "@/db/schema/enums";
import { LOCALES } from "@/i18n/locales";
import { issueParams } from "@/lib/errors/zod-error";
import { daysInMonth } from "@/lib/recurrence/civil-date";
import { isValidTimeZone } from "@/lib/time/time-zones";

/** Any token-shaped text: one this server did not issue is a 404 like any other, never a 400. */
export const preferencesTokenParams = z.object({ token: z.string().min(1).max(200) });

const MINUTES_PER_DAY = 1440;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "10:30" → 630 minutes after midnight; "" → null. The caller has checked the format. */
export function minutesOf(time: string): number | null {
  const match = TIME.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** 630 → "10:30": what a time input shows for minutes after midnight. */
export function timeOf(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return `${String(hours).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/**
 * The hours a contact accepts, as stored: minutes after their midnight, both or neither. Only
 * "not before" runs to the day's end (1440), only "not after" from midnight; neither is any time.
 */
export function windowOf(notBefore: string, notAfter: string): { start: number; end: number } | null {
  const start = minutesOf(notBefore);
  const end = minutesOf(notAfter);
  if (start === null && end === null) return null;
  return { start: start ?? 0, end: end ?? MINUTES_PER_DAY };
}

/** The stored window as the form's two inputs: an open end shows empty. */
export function windowInputs(start: number | null, end: number | null) {
  return {
    notBefore: start === null || start === 0 ? "" : timeOf(start),
    notAfter: end === null || end === MINUTES_PER_DAY ? "" : timeOf(end),
  };
}

const timeInput = z
  .string()
  .max(5)
  .refine((value) => value === "" || TIME.test(value), {
    message: "Use HH:MM, 00:00 to 23:59",
    params: issueParams("invalid_time"),
  });

const dateInput = z
  .string()
  .max(10)
  .refine(
    (value) => {
      if (value === "") return true;
      const match = DATE.exec(value);
      if (!match) return false;
      const [year, month, day] = match.slice(1).map(Number);
      return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
    },
    { message: "Not a real date (YYYY-MM-DD)", params: issueParams("invalid_date") },
  );

/** The form's choices: channels in the contact's order, their hours, zone and pause. */
export const preferencesSaveSchema = z
  .object({
    action: z.literal("save"),
    /** Accepted channels, preferred first; none: the sender chooses, as before any choice. */
    channels: z
      .array(z.enum(DELIVERY_METHODS))
      .max(DELIVERY_METHODS.length)
      .refine((list) => new Set(list).size === list.length, {
        message: "Each channel at most once",
        params: issueParams("duplicate_channel"),
      }),
    notBefore: timeInput,
    notAfter: timeInput,
    /** An IANA zone; "": the one derived from the phone number or the sender's. */
    timeZone: z
      .string()
      .max(64)
      .refine((value) => value === "" || isValidTimeZone(value), {
        message: "Unknown time zone",
        params: issueParams("invalid_time_zone"),
      }),
    /** Nothing is sent before this day of the contact's calendar; "": no pause. */
    pausedUntil: dateInput,
  })
  .strict()
  .superRefine((value, ctx) => {
    const window = windowOf(value.notBefore, value.notAfter);
    if (window && window.start >= window.end)
      ctx.addIssue({
        code: "custom",
        path: ["notAfter"],
        message: "Must be later than 'not before'",
        params: issueParams("window_order"),
      });
  });

export type PreferencesChoices = Omit<z.output<typeof preferencesSaveSchema>, "action">;

/**
 * What the preferences page can ask, one action per request (POST /api/prefs/{token}): its
 * choices, its language, stop or resume everything, take e-mail back, ask to take calls back
 * (confirmed by a reply to a text message), or ask the sender to forget the contact.
 */
export const preferencesActionSchema = z.discriminatedUnion("action", [
  preferencesSaveSchema,
  z.object({ action: z.literal("language"), locale: z.enum(LOCALES) }).strict(),
  z.object({ action: z.literal("stop") }).strict(),
  z.object({ action: z.literal("resume") }).strict(),
  z.object({ action: z.literal("email_opt_in") }).strict(),
  z.object({ action: z.literal("call_opt_in") }).strict(),
  z.object({ action: z.literal("forget") }).strict(),
]);

export type PreferencesAction = z.output<typeof preferencesActionSchema>;
