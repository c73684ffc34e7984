import { z } from "zod";
import {
  CALL_OUTCOMES,
  CONFIRMATION_STATES,
  CONTACT_DATE_KINDS,
  CONTACT_DELIVERY_METHODS,
  DELIVERY_METHODS,
  END_CONDITIONS,
  FREQUENCIES,
  GROUP_TIMINGS,
  MEDIA_KINDS,
  MEDIA_STATUSES,
  PLAN_TYPES,
  REMINDER_RECIPIENTS,
  REMINDER_STATUSES,
  REMINDER_TYPES,
  SCHEDULE_TYPES,
  WEEKDAYS,
  WORKSPACE_ROLES,
} from "@/db/schema/enums";
import { LOCALES } from "@/i18n/locales";
import { ACTIVITY_STATUSES } from "@/lib/validations/delivery";
import { nthWeekdaySchema } from "@/lib/validations/reminder";
import { instant, pageSchema } from "./common-schemas";

// What v1 answers: each route's result is parsed by its schema (unknown fields dropped), and the
// OpenAPI document is generated from the same schemas.

export const contactDateSchema = z
  .object({
    id: z.string(),
    kind: z.enum(CONTACT_DATE_KINDS),
    label: z.string().nullable(),
    month: z.number().int(),
    day: z.number().int(),
    year: z.number().int().nullable(),
    hasYearlyReminder: z
      .boolean()
      .meta({ description: "A yearly reminder to the contact is scheduled from it." }),
  })
  .meta({ id: "ContactDate" });

export const contactPreferencesSchema = z
  .object({
    acceptedChannels: z.array(z.enum(DELIVERY_METHODS)).nullable().meta({
      description:
        "The channels the contact accepts from you, preferred first; null: no choice made, each reminder's own channel stands.",
    }),
    window: z
      .object({
        start: z.string().meta({ description: "HH:MM, the contact's time." }),
        end: z.string().meta({ description: "HH:MM, the contact's time (24:00: midnight)." }),
      })
      .nullable()
      .meta({ description: "The hours the contact accepts messages in; null: any time." }),
    pausedUntil: z
      .string()
      .nullable()
      .meta({ description: "YYYY-MM-DD of the contact's calendar: nothing due before it is sent." }),
    stopped: z.boolean().meta({ description: "The contact asked to receive nothing from you." }),
  })
  .meta({
    id: "ContactPreferences",
    description:
      "What the contact chose on their preferences page. Read-only: only the contact changes it (docs/delivery.md).",
  });

export const contactSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    emailDisplay: z
      .string()
      .nullable()
      .meta({ description: "The email with its domain in its own letters." }),
    phone: z.string().nullable().meta({ description: "E.164." }),
    relationship: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    deliveryMethod: z.enum(CONTACT_DELIVERY_METHODS),
    emailOptOut: z.boolean(),
    smsOptOut: z.boolean(),
    whatsappOptOut: z.boolean(),
    callOptOut: z
      .boolean()
      .meta({ description: "The contact pressed 9 on one of your reminder calls: no more calls to them." }),
    whatsappConsentAt: instant().nullable(),
    whatsappConsentSource: z.string().nullable(),
    timezone: z
      .string()
      .nullable()
      .meta({ description: "IANA zone; null: the phone's country's, else yours." }),
    locale: z.string().nullable(),
    emailSuppressedAt: instant().nullable(),
    emailSuppressedReason: z.string().nullable(),
    preferences: contactPreferencesSchema,
    reminderCount: z.number().int(),
    lastReminder: instant().nullable(),
    dates: z.array(contactDateSchema),
    groupIds: z.array(z.string()).meta({ description: "The groups the contact is in." }),
    createdAt: instant(),
  })
  .meta({ id: "Contact" });

export const mediaSchema = z
  .object({
    id: z.string(),
    kind: z.enum(MEDIA_KINDS),
    status: z.enum(MEDIA_STATUSES),
    filename: z.string(),
    durationMs: z.number().int().nullable(),
    failureReason: z.string().nullable(),
    playbackUrl: z.string().nullable(),
    posterUrl: z.string().nullable(),
    createdAt: instant(),
  })
  .meta({ id: "Media" });

export const failureSchema = z
  .object({
    code: z.string(),
    messageKey: z.string(),
    action: z.string(),
    actionHref: z.string().nullable(),
    rawCode: z.string(),
  })
  .meta({ id: "FailureReason" });

export const reminderSchema = z
  .object({
    id: z.string(),
    contactId: z.string().nullable(),
    contactName: z.string().nullable(),
    type: z.enum(REMINDER_TYPES),
    message: z.string().nullable(),
    media: mediaSchema.nullable(),
    status: z.enum(REMINDER_STATUSES),
    deliveryMethod: z.enum(DELIVERY_METHODS),
    scheduleType: z.enum(SCHEDULE_TYPES),
    scheduledFor: instant().nullable(),
    localDateTime: z
      .string()
      .nullable()
      .meta({ description: "once: the wall time as entered, in `timezone`." }),
    frequency: z.enum(FREQUENCIES).nullable(),
    frequencyConfig: z
      .object({
        time: z.string().nullable(),
        days: z.array(z.enum(WEEKDAYS)).optional(),
        dayOfMonth: z.number().int().optional(),
        month: z.number().int().optional(),
        interval: z
          .number()
          .int()
          .optional()
          .meta({ description: "Every `interval` days, weeks, months or years; absent: every one." }),
        nthWeekday: nthWeekdaySchema.optional().meta({
          description:
            "Monthly and yearly: on the first to fourth (1-4) or last (-1) of the weekday in `days`, instead of a day of the month.",
        }),
        anchorDate: z.string().optional().meta({
          description:
            "The first day (YYYY-MM-DD, local) the schedule may fall on; an interval counts its periods from the one this day is in.",
        }),
        endCondition: z.enum(END_CONDITIONS),
        endAfterCount: z.number().int().optional(),
        endByDate: z.string().optional(),
      })
      .nullable(),
    timezone: z.string(),
    askConfirmation: z.boolean(),
    followUpMinutes: z.number().int().nullable(),
    nextRunAt: instant().nullable(),
    nextOccurrences: z.array(instant()).meta({
      description:
        "The next occurrences still to be sent (UTC), as the schedule computes them: three in a list, five for `GET /reminders/{id}`; none once nothing is left.",
    }),
    occurrencesSent: z.number().int(),
    lastSentAt: instant().nullable(),
    lastError: z.string().nullable(),
    failure: failureSchema.nullable(),
    cancelledAt: instant().nullable(),
    recipient: z.enum(REMINDER_RECIPIENTS),
    leadDays: z.number().int().nullable(),
    contactDateId: z.string().nullable(),
    groupId: z.string().nullable().meta({
      description:
        "A group reminder (`recipient` `group`, `contactId` null): its group. Every member gets their own message and delivery.",
    }),
    groupName: z.string().nullable(),
    groupTiming: z.enum(GROUP_TIMINGS).nullable().meta({
      description:
        "A group reminder: `local_time`, the same wall time in each member's zone; `same_instant`, one instant for everyone (your zone).",
    }),
    memberCount: z
      .number()
      .int()
      .nullable()
      .meta({ description: "A group reminder: the members it goes to; null for other reminders." }),
    fallback: z
      .array(z.object({ channel: z.enum(DELIVERY_METHODS), afterMinutes: z.number().int().nullable() }))
      .meta({
        description:
          "Channels tried after `deliveryMethod`, in order: when the step before fails for good, or with `afterMinutes` when no confirmation came that long after it was sent.",
      }),
    parentReminderId: z.string().nullable().meta({
      description:
        "A member reminder (one member's share of a group reminder): that group reminder. Lists never show member reminders.",
    }),
    createdAt: instant(),
  })
  .meta({ id: "Reminder" });

export const cancelledReminderSchema = z
  .object({ id: z.string(), status: z.literal("cancelled") })
  .meta({ id: "CancelledReminder" });

export const deliverySchema = z
  .object({
    id: z.string().meta({
      description: "The delivery's id: digits, as a string (webhook events name it `deliveryId`).",
    }),
    reminderId: z.string(),
    contactId: z.string(),
    contactName: z.string().nullable(),
    channel: z.enum(DELIVERY_METHODS),
    requestedChannel: z.enum(DELIVERY_METHODS).nullable().meta({
      description:
        "The reminder's own channel for this step when the contact's preferences sent it by `channel` instead; null otherwise.",
    }),
    recipient: z.string().nullable(),
    occurrenceAt: instant(),
    status: z.enum(ACTIVITY_STATUSES),
    nextAttemptAt: instant().nullable(),
    attemptCount: z.number().int(),
    firstAttemptAt: instant().nullable(),
    lastAttemptAt: instant().nullable(),
    sentAt: instant().nullable(),
    deliveredAt: instant().nullable(),
    playedAt: instant().nullable(),
    playback: z.enum(["active", "revoked"]).nullable(),
    providerMessage: z.string().nullable(),
    reason: failureSchema.nullable(),
    confirmation: z.enum(CONFIRMATION_STATES).nullable(),
    snoozedFromId: z.string().nullable().meta({
      description: "A delivery sent again after a LATER reply: the delivery that was snoozed.",
    }),
    extra: z.boolean(),
    callOutcome: z.enum(CALL_OUTCOMES).nullable().meta({
      description:
        "A call that completed: `answered` (a person took it) or `voicemail` (left on an answering machine); null otherwise.",
    }),
    callsPlaced: z.number().int().nullable().meta({
      description:
        "A call: the calls placed, the first and each retry after no answer; null on other channels.",
    }),
  })
  .meta({ id: "Delivery" });

export const templateSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    body: z.string(),
    locale: z.enum(LOCALES),
    createdAt: instant(),
    updatedAt: instant(),
  })
  .meta({ id: "Template" });

export const usageSchema = z
  .object({
    plan: z.enum(PLAN_TYPES),
    reminders: z.object({
      used: z.number().int().meta({ description: "Sent in the current period." }),
      quota: z.number().int(),
      periodStart: instant()
        .nullable()
        .meta({
          description:
            "When the current period began: a subscription's start (an upgrade from Free included), a renewal, " +
            "or a new free month. Reminders sent before it counted towards the earlier period. Null on pay-as-you-go.",
        }),
      periodEnd: instant()
        .nullable()
        .meta({ description: "When the current period ends; null on pay-as-you-go." }),
    }),
    contacts: z.object({ used: z.number().int(), limit: z.number().int() }),
    creditBalanceCents: z
      .number()
      .int()
      .nullable()
      .meta({ description: "Pay-as-you-go credit; null on a plan without credit." }),
  })
  .meta({ id: "Usage" });

export const contactPageSchema = pageSchema(contactSchema, "ContactPage");
export const reminderPageSchema = pageSchema(reminderSchema, "ReminderPage");
export const deliveryPageSchema = pageSchema(deliverySchema, "DeliveryPage");
export const templatePageSchema = pageSchema(templateSchema, "TemplatePage");

export const memberSchema = z
  .object({
    userId: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.enum(WORKSPACE_ROLES).meta({
      description:
        "owner: billing and the workspace itself; admin: members, keys, webhooks, settings; " +
        "member: contacts, groups, reminders, templates, recordings; viewer: reads only.",
    }),
    joinedAt: instant(),
  })
  .meta({ id: "Member" });

export const memberPageSchema = pageSchema(memberSchema, "MemberPage");
