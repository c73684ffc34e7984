import { z } from "zod";
import { issueParams } from "@/lib/errors/zod-error";
import type { ErrorCode, Problem } from "@/lib/errors/error-codes";
import { DEFAULT_TIME, scheduleProblem, type Schedule } from "@/lib/recurrence";
import {
  DELIVERY_METHODS,
  END_CONDITIONS,
  type Frequency,
  FREQUENCIES,
  GROUP_TIMINGS,
  MAX_INTERVAL,
  NTH_WEEKDAYS,
  REMINDER_TYPES,
  SCHEDULE_TYPES,
  SEND_NOW_MODES,
  WEEKDAYS,
} from "@/db/schema/enums";
import { messageSchema } from "./message-fields";

/** The form's required fields, checked in this order, with the words the user reads. */
export const REMINDER_MESSAGES = {
  contact: "Please select a contact",
  message: "Please enter a message",
  media: "Please record or choose a recording",
  dateTime: "Please select a date and time",
  frequency: "Please select a frequency",
  days: "Please select at least one day",
  endDate: "Please select an end date",
} as const;

type MissingField = keyof typeof REMINDER_MESSAGES;

/** The API error code of each of those messages. */
const MISSING_FIELD_CODES = {
  contact: "select_contact",
  message: "enter_message",
  media: "select_recording",
  dateTime: "select_date_time",
  frequency: "select_frequency",
  days: "select_days",
  endDate: "select_end_date",
} as const satisfies Record<MissingField, ErrorCode>;

/** The rules' other refusals: a clip on a text reminder, a video by call, and the confirmation settings. */
export const REMINDER_RULE_ERRORS = {
  textMedia: { code: "invalid_input", message: "A text reminder has no recording" },
  callVideo: {
    code: "call_video_unsupported",
    message:
      "A video cannot be sent by phone call: choose email, SMS or WhatsApp, or make it a text or voice reminder",
  },
  confirmationChannel: {
    code: "invalid_input",
    message: "Ask for confirmation is only available for SMS, WhatsApp and phone calls",
  },
  followUp: { code: "invalid_input", message: "A follow-up time needs Ask for confirmation" },
  contactAndGroup: { code: "contact_and_group", message: "Choose a contact or a group, not both" },
  fallbackRepeated: {
    code: "fallback_repeated_channel",
    message: "Each channel can appear only once in the chain",
  },
  fallbackWait: {
    code: "fallback_wait_needs_confirmation",
    message: "Waiting for a confirmation needs Ask for confirmation",
  },
  fallbackVideoCall: {
    code: "call_video_unsupported",
    message:
      "A video cannot be sent by phone call: choose email, SMS or WhatsApp, or make it a text or voice reminder",
  },
} as const satisfies Record<string, Problem>;

/** A local wall time and date, YYYY-MM-DDTHH:MM. */
export const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/;
const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A local wall time, HH:MM (00:00-23:59). */
export const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const emptyToNull = (value: unknown) => (typeof value === "string" && value.trim() === "" ? null : value);

/**
 * One step of a channel fallback chain, tried after the step before it: when that one fails for
 * good, or (with afterMinutes) when no confirmation came that long after it was sent.
 */
export const fallbackStepSchema = z
  .object({
    channel: z.enum(DELIVERY_METHODS),
    afterMinutes: z.number().int().min(5).max(10_080).nullish(),
  })
  .strict();

export type FallbackStep = z.output<typeof fallbackStepSchema>;

/** The most fallback steps after the delivery method (four channels in all). */
export const MAX_FALLBACK_STEPS = 3;

/**
 * A recurring schedule's fields besides its frequency. Every N (`interval`) days; weeks on `days`;
 * months on `dayOfMonth`, or on the first to fourth or last (`nthWeekday`) weekday given as the one
 * entry of `days`; years on `month` and the same. `anchorDate` is the first day it may fall on, from
 * which an interval counts (the first occurrence's day when absent). Absent, the interval is 1 and
 * there is no first day: every body written before these fields means what it meant.
 */
/**
 * The first to fourth (1-4) or last (-1) weekday of the month. The enum is repeated in the
 * metadata: the OpenAPI generator writes a literal of several values as its first value only.
 */
export const nthWeekdaySchema = z
  .literal(NTH_WEEKDAYS, { error: "nthWeekday must be 1, 2, 3, 4 or -1 (last)" })
  .meta({ enum: [...NTH_WEEKDAYS] });

export const frequencyConfigSchema = z
  .object({
    time: z.string().regex(TIME, "Time must be HH:MM (00:00-23:59)").max(5).optional(),
    days: z.array(z.enum(WEEKDAYS)).max(7).optional(),
    dayOfMonth: z.number().int().min(1).max(31).optional(),
    month: z.number().int().min(1).max(12).optional(),
    /** Every `interval` days, weeks, months or years. */
    interval: z.number().int().min(1).max(MAX_INTERVAL).optional(),
    /** Monthly and yearly: the first to fourth (1-4) or last (-1) of the weekday in `days`. */
    nthWeekday: nthWeekdaySchema.optional(),
    /** The first day 'YYYY-MM-DD' (local): which days, weeks, months or years an interval counts. */
    anchorDate: z.preprocess(
      emptyToNull,
      z.string().regex(LOCAL_DATE, "Date must be YYYY-MM-DD").max(10).nullish(),
    ),
    endCondition: z.enum(END_CONDITIONS).optional(),
    endAfterCount: z.number().int().min(1).max(10_000).optional(),
    endByDate: z.preprocess(
      emptyToNull,
      z.string().regex(LOCAL_DATE, "Date must be YYYY-MM-DD").max(10).nullish(),
    ),
  })
  .strict();

export type FrequencyConfig = z.output<typeof frequencyConfigSchema>;

/**
 * The fields of POST /api/reminders and PUT /api/reminders/{id}, and of the dialog: types,
 * formats and lengths. `reminderInputSchema` adds the rules between fields.
 * Times are local wall times in the user's timezone: scheduledFor 'YYYY-MM-DDTHH:MM',
 * endByDate 'YYYY-MM-DD'.
 */
export const reminderShapeSchema = z
  .object({
    contactId: z.preprocess(emptyToNull, z.string().max(100).nullish()),
    /** Instead of a contact: every member of this group gets their own message and delivery. */
    groupId: z.preprocess(emptyToNull, z.string().max(100).nullish()),
    /** A group reminder: the same local time in each member's zone (default), or the same instant. */
    groupTiming: z.enum(GROUP_TIMINGS).nullish(),
    type: z.enum(REMINDER_TYPES).default("text"),
    // Unknown fields here; {age} needs the reminder's contact date, checked where it is known
    // (lib/reminders/assert-message-fields.ts).
    message: messageSchema({ allowAge: true }).nullish(),
    /** Voice and video: the user's clip (POST /api/media), ready; the message is then said with it. */
    mediaId: z.preprocess(emptyToNull, z.string().max(100).nullish()),
    deliveryMethod: z.enum(DELIVERY_METHODS),
    scheduleType: z.enum(SCHEDULE_TYPES),
    scheduledFor: z.preprocess(
      emptyToNull,
      z.string().regex(LOCAL_DATE_TIME, "Expected a local date and time YYYY-MM-DDTHH:MM").max(16).nullish(),
    ),
    frequency: z.preprocess(emptyToNull, z.enum(FREQUENCIES).nullish()),
    frequencyConfig: frequencyConfigSchema.nullish(),
    /**
     * SMS, WhatsApp and calls: ask for a YES / NO / LATER reply (a call: keys 1, 2, 3); follow-up
     * e-mail after that many minutes.
     */
    askConfirmation: z.boolean().default(false),
    followUpMinutes: z.number().int().min(5).max(10_080).nullish(),
    /** Channels tried after deliveryMethod, in order (see fallbackStepSchema). */
    fallback: z.array(fallbackStepSchema).max(MAX_FALLBACK_STEPS).default([]),
  })
  .strict();

export type ReminderBody = z.output<typeof reminderShapeSchema>;
export type ReminderBodyInput = z.input<typeof reminderShapeSchema>;

/**
 * The recurrence engine's view of a recurring body's frequency and config, in `timezone`: days reach
 * a monthly or yearly schedule only with an nth weekday (which replaces the day of the month), an
 * interval of 1 is none. An interval without a first day is anchored when saved (`anchoredSchedule`).
 */
export function scheduleFromConfig(
  frequency: Frequency | null | undefined,
  config: FrequencyConfig | null | undefined,
  timezone: string,
): Schedule {
  const c = config ?? {};
  const byWeekday = (frequency === "monthly" || frequency === "yearly") && c.nthWeekday !== undefined;
  return {
    scheduleType: "recurring",
    frequency: frequency ?? undefined,
    time: c.time ?? DEFAULT_TIME,
    days: frequency === "weekly" || byWeekday ? c.days : undefined,
    dayOfMonth: (frequency === "monthly" || frequency === "yearly") && !byWeekday ? c.dayOfMonth : undefined,
    month: frequency === "yearly" ? c.month : undefined,
    ...(byWeekday ? { nthWeekday: c.nthWeekday } : {}),
    ...(c.interval !== undefined && c.interval > 1 ? { interval: c.interval } : {}),
    ...(c.anchorDate ? { anchorDate: c.anchorDate } : {}),
    endCondition: c.endCondition ?? "never",
    endAfterCount: c.endCondition === "after" ? (c.endAfterCount ?? 10) : undefined,
    endByDate: c.endCondition === "by" ? (c.endByDate ?? undefined) : undefined,
    timezone,
  };
}

/** The recurrence engine's view of a request body, in `timezone` (the user's). */
export function scheduleFromBody(body: ReminderBody, timezone: string): Schedule {
  if (body.scheduleType === "once") {
    return { scheduleType: "once", localDateTime: body.scheduledFor ?? undefined, timezone };
  }
  return scheduleFromConfig(body.frequency, body.frequencyConfig, timezone);
}

/** The first required field the body leaves empty, in the form's order, or null. */
function missingField(body: ReminderBody): MissingField | null {
  if (!body.contactId && !body.groupId) return "contact";
  if (body.type === "text" && !body.message?.trim()) return "message";
  if (body.type !== "text" && !body.mediaId) return "media";
  if (body.scheduleType === "once") return body.scheduledFor ? null : "dateTime";
  if (!body.frequency) return "frequency";
  const config = body.frequencyConfig ?? {};
  const byWeekday =
    body.frequency !== "weekly" && body.frequency !== "daily" && config.nthWeekday !== undefined;
  if ((body.frequency === "weekly" || byWeekday) && (config.days ?? []).length === 0) return "days";
  if (config.endCondition === "by" && !config.endByDate) return "endDate";
  return null;
}

/**
 * The first rule a well-shaped body breaks, or null, in this order: the required fields, the
 * type (a text reminder has no clip; a call reads text or plays a voice clip, never a video),
 * the schedule (the recurrence engine's own check), the confirmation settings. What needs the
 * database (the quota, the contact, the plan, the clip) and the clock is checked by
 * lib/reminders/resolve-reminder-input.ts afterwards.
 */
function reminderRuleProblem(body: ReminderBody): Problem | null {
  const missing = missingField(body);
  if (missing) return { code: MISSING_FIELD_CODES[missing], message: REMINDER_MESSAGES[missing] };
  if (body.type === "text" && body.mediaId) return REMINDER_RULE_ERRORS.textMedia;
  if (body.type === "video" && body.deliveryMethod === "call") return REMINDER_RULE_ERRORS.callVideo;
  // The rules do not depend on the zone; the user's own zone is checked where it is known. An
  // interval's missing first day is set when saved (the first occurrence's): any day stands for it.
  const schedule = scheduleProblem({ anchorDate: "2000-01-01", ...scheduleFromBody(body, "UTC") });
  if (schedule) return { code: "invalid_schedule", message: schedule };
  // Replies come back on SMS, WhatsApp and a call's keypad; the follow-up e-mail waits for a reply.
  if (body.askConfirmation && body.deliveryMethod === "email")
    return REMINDER_RULE_ERRORS.confirmationChannel;
  if (body.followUpMinutes != null && !body.askConfirmation) return REMINDER_RULE_ERRORS.followUp;
  if (body.contactId && body.groupId) return REMINDER_RULE_ERRORS.contactAndGroup;
  return fallbackProblem(body);
}

/** A chain names each channel once, waits only for a confirmation asked for, and calls never carry a video. */
function fallbackProblem(body: ReminderBody): Problem | null {
  const channels = [body.deliveryMethod, ...body.fallback.map((step) => step.channel)];
  if (new Set(channels).size !== channels.length) return REMINDER_RULE_ERRORS.fallbackRepeated;
  if (body.fallback.some((step) => step.afterMinutes != null) && !body.askConfirmation)
    return REMINDER_RULE_ERRORS.fallbackWait;
  if (body.type === "video" && channels.includes("call")) return REMINDER_RULE_ERRORS.fallbackVideoCall;
  return null;
}

/**
 * What POST /api/reminders and PUT /api/reminders/{id} validate with, and the dialog before it
 * sends: the shape, then (for a body of the right shape) the first rule it breaks, as one issue
 * with its code. A pipe, so that the route can tell the two apart (`beforeRules` in
 * lib/api/route.ts).
 */
export const reminderInputSchema = reminderShapeSchema.pipe(
  z.custom<ReminderBody>().superRefine((body, ctx) => {
    const problem = reminderRuleProblem(body);
    if (problem)
      ctx.addIssue({ code: "custom", message: problem.message, params: issueParams(problem.code) });
  }),
);

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

/** POST /api/reminders/{id}/send: what Send now means for a recurring reminder (default: an extra message). */
export const sendNowBodySchema = z
  .object({ mode: z.enum(SEND_NOW_MODES).default("extra") })
  .strict()
  .default({ mode: "extra" });

/** ?cursor=&limit= of GET /api/reminders/{id}/members (a group reminder's members by name). */
export const reminderMembersQuerySchema = z
  .object({
    cursor: z.string().max(1000).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();
