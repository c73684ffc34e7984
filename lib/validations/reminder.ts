import { z } from "zod";
import { issueParams } from "@/lib/errors/zod-error";
import type { ErrorCode, Problem } from "@/lib/errors/error-codes";
import { messageSchema } from "./message-fields";
import {
  DELIVERY_METHODS,
  END_CONDITIONS,
  FREQUENCIES,
  REMINDER_TYPES,
  SCHEDULE_TYPES,
  WEEKDAYS,
} from "@/db/schema/enums";

/** SPEC section 5's messages, word for word, in its order. */
export const REMINDER_MESSAGES = {
  contact: "Please select a contact",
  message: "Please enter a message",
  dateTime: "Please select a date and time",
  frequency: "Please select a frequency",
  days: "Please select at least one day",
  endDate: "Please select an end date",
} as const;

export type ReminderProblem = keyof typeof REMINDER_MESSAGES;

/** The API error code of each of those messages. */
export const REMINDER_PROBLEM_CODES = {
  contact: "select_contact",
  message: "enter_message",
  dateTime: "select_date_time",
  frequency: "select_frequency",
  days: "select_days",
  endDate: "select_end_date",
} as const satisfies Record<ReminderProblem, ErrorCode>;

export const reminderProblem = (problem: ReminderProblem): Problem => ({
  code: REMINDER_PROBLEM_CODES[problem],
  message: REMINDER_MESSAGES[problem],
});

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/;
const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A local wall time, HH:MM (00:00-23:59). */
export const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const emptyToNull = (value: unknown) => (typeof value === "string" && value.trim() === "" ? null : value);

export const frequencyConfigSchema = z
  .object({
    time: z.string().regex(TIME, "Time must be HH:MM (00:00-23:59)").optional(),
    days: z.array(z.enum(WEEKDAYS)).max(7).optional(),
    dayOfMonth: z.number().int().min(1).max(31).optional(),
    month: z.number().int().min(1).max(12).optional(),
    endCondition: z.enum(END_CONDITIONS).optional(),
    endAfterCount: z.number().int().min(1).max(10_000).optional(),
    endByDate: z.preprocess(emptyToNull, z.string().regex(LOCAL_DATE, "Date must be YYYY-MM-DD").nullish()),
  })
  .strict();

/**
 * The body of POST /api/reminders and PUT /api/reminders/{id} (SPEC section 7), and the
 * dialog's values. Structure only: the rules SPEC orders (section 5) are in
 * `firstReminderProblem`, so that the server answers them in SPEC's order and words.
 * Times are local wall times in the user's timezone: scheduledFor 'YYYY-MM-DDTHH:MM',
 * endByDate 'YYYY-MM-DD'.
 */
export const reminderBodySchema = z
  .object({
    contactId: z.preprocess(emptyToNull, z.string().max(100).nullish()),
    type: z.enum(REMINDER_TYPES).default("text"),
    // Unknown fields here; {age} needs the reminder's contact date, checked where it is known
    // (lib/reminders/assert-message-fields.ts).
    message: messageSchema({ allowAge: true }).nullish(),
    deliveryMethod: z.enum(DELIVERY_METHODS),
    scheduleType: z.enum(SCHEDULE_TYPES),
    scheduledFor: z.preprocess(
      emptyToNull,
      z.string().regex(LOCAL_DATE_TIME, "Expected a local date and time YYYY-MM-DDTHH:MM").nullish(),
    ),
    frequency: z.preprocess(emptyToNull, z.enum(FREQUENCIES).nullish()),
    frequencyConfig: frequencyConfigSchema.nullish(),
    /** SMS and WhatsApp: ask for a YES / NO / LATER reply; follow-up e-mail after that many minutes. */
    askConfirmation: z.boolean().default(false),
    followUpMinutes: z.number().int().min(5).max(10_080).nullish(),
  })
  .strict();

export type ReminderBody = z.output<typeof reminderBodySchema>;
export type ReminderBodyInput = z.input<typeof reminderBodySchema>;

/** SPEC section 5's checks after the quota, in its order: the first that fails, or null. */
export function firstReminderProblem(body: ReminderBody): ReminderProblem | null {
  if (!body.contactId) return "contact";
  if (body.type === "text" && !body.message?.trim()) return "message";
  if (body.scheduleType === "once") {
    if (!body.scheduledFor) return "dateTime";
    return null;
  }
  if (!body.frequency) return "frequency";
  const config = body.frequencyConfig ?? {};
  if (body.frequency === "weekly" && (config.days ?? []).length === 0) return "days";
  if (config.endCondition === "by" && !config.endByDate) return "endDate";
  return null;
}

/** The same rules as one zod schema, for callers that want a single parse. */
export const reminderInputSchema = reminderBodySchema.superRefine((body, ctx) => {
  const problem = firstReminderProblem(body);
  if (problem)
    ctx.addIssue({
      code: "custom",
      message: REMINDER_MESSAGES[problem],
      params: issueParams(REMINDER_PROBLEM_CODES[problem]),
    });
});

/** ?status=&cursor=&limit= of GET /api/reminders. */
export const reminderListQuerySchema = z
  .object({
    status: z.enum(["all", "scheduled", "sent", "failed", "cancelled"]).default("all"),
    view: z.enum(["recent", "schedule"]).default("recent"),
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();

export type ReminderListQuery = z.output<typeof reminderListQuerySchema>;

/** Ids are opaque text: an unknown one is a 404, not a validation error. */
export const reminderIdParamsSchema = z.object({ id: z.string().min(1).max(100) });
