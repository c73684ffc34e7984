import "server-only";
import { z } from "zod";
import { DELIVERY_METHODS, FREQUENCIES, REMINDER_TYPES, WEEKDAYS } from "@/db/schema/enums";
import { LOCALES } from "@/i18n/locales";
import { UNKNOWN_REASONS } from "@/lib/quick-add";
import { quickAddRequestSchema } from "@/lib/validations/quick-add";
import { nthWeekdaySchema } from "@/lib/validations/reminder";
import { instant } from "./common-schemas";
import { defineOperation } from "./operation";

const draftBodySchema = z
  .object({
    contactId: z.string().optional(),
    groupId: z.string().optional(),
    type: z.enum(REMINDER_TYPES),
    deliveryMethod: z.enum(DELIVERY_METHODS).optional(),
    message: z.string().optional(),
    scheduleType: z.enum(["once", "recurring"]).optional(),
    scheduledFor: z.string().optional().meta({ description: "once: `YYYY-MM-DDTHH:MM`, in your time zone." }),
    frequency: z.enum(FREQUENCIES).optional(),
    frequencyConfig: z
      .object({
        time: z.string(),
        days: z.array(z.enum(WEEKDAYS)).optional(),
        dayOfMonth: z.number().int().optional(),
        month: z.number().int().optional(),
        interval: z.number().int().optional(),
        nthWeekday: nthWeekdaySchema.optional(),
        endCondition: z.enum(["after", "by"]).optional(),
        endAfterCount: z.number().int().optional(),
        endByDate: z.string().optional(),
        anchorDate: z.string().optional(),
      })
      .optional(),
  })
  .meta({
    id: "QuickAddReminder",
    description:
      "The fields of `POST /reminders` the words gave (`ReminderInput`); when `complete`, it can be sent there as it is.",
  });

const recipientSchema = z.object({ kind: z.enum(["contact", "group"]), id: z.string(), name: z.string() });

const noteSchema = z
  .discriminatedUnion("kind", [
    z.object({ kind: z.literal("default_time"), time: z.string() }),
    z.object({ kind: z.literal("next_year"), date: z.string() }),
    z.object({ kind: z.literal("in_the_past") }),
    z.object({ kind: z.literal("clock_gap"), requested: z.string(), actual: z.string() }),
    z.object({ kind: z.literal("clock_overlap"), localDateTime: z.string() }),
    z.object({ kind: z.literal("month_end"), dayOfMonth: z.number().int() }),
    z.object({ kind: z.literal("leap_day") }),
    z.object({ kind: z.literal("day_needed"), frequency: z.enum(FREQUENCIES) }),
    z.object({ kind: z.literal("no_occurrence") }),
  ])
  .meta({ id: "QuickAddNote", description: "What was assumed while reading." });

export const quickAddDraftSchema = z
  .object({
    locale: z.enum(LOCALES).meta({ description: "The language the line was read in." }),
    reminder: draftBodySchema,
    complete: z.boolean().meta({
      description: "`reminder` is a whole body `POST /reminders` takes, with an occurrence still to come.",
    }),
    missing: z
      .array(z.enum(["recipient", "deliveryMethod", "message", "schedule"]))
      .meta({ description: "Parts of the body the words did not give." }),
    nextOccurrences: z
      .array(instant())
      .meta({ description: "The next five occurrences of the schedule read (UTC), as they would be sent." }),
    notUnderstood: z.array(
      z.object({
        text: z.string(),
        start: z.number().int().meta({ description: "Offset in `text` (UTF-16 units)." }),
        end: z.number().int(),
        reason: z.enum([...UNKNOWN_REASONS, "unknown_recipient", "ambiguous_recipient"]),
        candidates: z
          .array(recipientSchema)
          .optional()
          .meta({ description: "ambiguous_recipient: the contacts and groups the name fits." }),
      }),
    ),
    notes: z.array(noteSchema),
  })
  .meta({ id: "QuickAddDraft" });

export const quickAddOperation = defineOperation({
  operationId: "readQuickAdd",
  method: "POST",
  path: "/quick-add",
  tag: "Reminders",
  summary: "Read a reminder from a sentence",
  description:
    'Reads one sentence in English, Spanish or French ("call Mary every other Tuesday at 8:15: take your pills") as the app\'s quick add does, with your contacts and groups and your time zone, and answers the reminder body it gives, its next occurrences and what was not understood. Nothing is saved; send `reminder` to `POST /reminders` to create it.',
  body: quickAddRequestSchema.meta({ id: "QuickAddInput" }),
  response: quickAddDraftSchema,
});
