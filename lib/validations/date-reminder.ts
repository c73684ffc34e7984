import { z } from "zod";
import { MAX_LEAD_DAYS } from "@/lib/recurrence/lead-offset";
import { MESSAGE_MAX_LENGTH } from "./message-fields";
import { TIME } from "./reminder";

/** The lead reminders the dialog offers (days before the date); the API takes any 1-60. */
export const LEAD_CHOICES = [7, 1] as const;

/**
 * POST /api/reminders/from-date: a yearly reminder to the contact on one of their dates, at
 * `time` local, plus one e-mail to the user `leadDays` days before for each lead chosen.
 * Without a message the kind's greeting in the user's language is used.
 */
export const dateReminderBodySchema = z
  .object({
    contactDateId: z.string().min(1).max(64),
    time: z.string().regex(TIME, "Time must be HH:MM (00:00-23:59)"),
    message: z
      .string()
      .trim()
      .max(MESSAGE_MAX_LENGTH)
      .nullish()
      .transform((value) => value || null),
    leadDays: z
      .array(z.number().int().min(1).max(MAX_LEAD_DAYS))
      .max(5)
      .default([])
      .refine((days) => new Set(days).size === days.length, "Each lead once"),
  })
  .strict();

export type DateReminderBody = z.output<typeof dateReminderBodySchema>;
export type DateReminderInput = z.input<typeof dateReminderBodySchema>;

/** GET /api/reminders/from-date?contactDateId=: the date whose yearly reminder is edited. */
export const dateReminderQuerySchema = z.object({ contactDateId: z.string().min(1).max(64) }).strict();

/** What "Edit yearly reminder" opens with: the date's yearly reminder's time and message, and its leads. */
export interface DateReminderSettings {
  reminderId: string;
  time: string;
  message: string | null;
  leadDays: number[];
}
