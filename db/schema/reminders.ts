import { sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { oneOf } from "./check";
import { createdAt, instant, updatedAt, uuidId } from "./columns";
import {
  DELIVERY_METHODS,
  END_CONDITIONS,
  GROUP_TIMINGS,
  FREQUENCIES,
  MAX_INTERVAL,
  NTH_WEEKDAYS,
  REMINDER_RECIPIENTS,
  REMINDER_STATUSES,
  REMINDER_TYPES,
  SCHEDULE_TYPES,
  WEEKDAYS,
} from "./enums";
import { users } from "./auth";
import { workspaces } from "./workspaces";
import { contactDates, contacts } from "./contacts";
import { contactGroups } from "./groups";
import { media } from "./media";

/**
 * The API's frequencyConfig is stored as typed columns (time, days, dayOfMonth, month, interval,
 * anchorDate, nthWeekday, endCondition, endAfterCount, endByDate) so the database can check each
 * one; the API shapes them back into frequencyConfig.
 */
export const reminders = pgTable(
  "reminders",
  {
    id: uuidId(),
    workspaceId: text()
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    // A reminder cannot outlive its recipient: deleting a contact deletes its reminders.
    // Null on a group reminder (recipient 'group'), whose member reminders name the contacts.
    contactId: text().references(() => contacts.id, { onDelete: "cascade" }),
    /** A group reminder's group; deleting the group deletes its reminders, as a contact's do. */
    groupId: text().references(() => contactGroups.id, { onDelete: "cascade" }),
    /**
     * A member reminder: one member's share of a group reminder (its own contact, zone, schedule
     * and deliveries). The engine sends member reminders; the group reminder itself is never due.
     */
    parentReminderId: text().references((): AnyPgColumn => reminders.id, { onDelete: "cascade" }),
    /** A group reminder: the same local time in each member's zone, or the same instant. */
    groupTiming: text(),
    /**
     * Channels tried after deliveryMethod, in order, when a step fails for good; with a wait
     * (minutes, 0 = none) a step is also tried when no confirmation came that long after the
     * previous step was sent. Both arrays have one entry per fallback step.
     */
    fallbackChannels: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    fallbackWaitMinutes: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    type: text().notNull().default("text"),
    message: text(),
    /**
     * Voice and video: the clip sent. No action (checked at the end of the statement, unlike
     * restrict): a clip in use cannot be deleted, yet an account's deletion removes both.
     */
    mediaId: text().references(() => media.id),
    status: text().notNull().default("scheduled"),
    deliveryMethod: text().notNull(),
    scheduleType: text().notNull(),
    /** once: the due instant; recurring: the first occurrence. */
    scheduledFor: instant(),
    frequency: text(),
    /** HH:MM local time of a recurring reminder. */
    time: varchar({ length: 5 }),
    /** Weekly: its days. Monthly and yearly with nthWeekday: the one weekday of the month. */
    days: text().array(),
    dayOfMonth: smallint(),
    month: smallint(),
    /** Every N days, weeks, months or years, N from 2; null is every one. */
    repeatInterval: smallint(),
    /**
     * Local calendar date, the first day the schedule may fall on; an interval counts its days,
     * weeks, months or years from the one this date is in. Null: no start (every one counts).
     */
    anchorDate: date({ mode: "string" }),
    /** Monthly and yearly: the first to fourth (1-4) or last (-1) weekday `days` names, instead of a day of the month. */
    nthWeekday: smallint(),
    endCondition: text(),
    endAfterCount: integer(),
    /** Local calendar date (inclusive) in the reminder's timezone. */
    endByDate: date({ mode: "string" }),
    /** IANA zone the schedule is computed in (the user's at creation or edit). */
    timezone: text().notNull().default("UTC"),
    /** The next occurrence due; null once nothing more is due. */
    nextRunAt: instant(),
    occurrencesSent: integer().notNull().default(0),
    lastSentAt: instant(),
    cancelledAt: instant(),
    lastError: text(),
    /** The contact date this reminder was made from (its yearly day, `{age}` and `{date}`). */
    contactDateId: text().references(() => contactDates.id, { onDelete: "cascade" }),
    /** 'owner': a lead reminder to the user by e-mail, `leadDays` before the contact's date. */
    recipient: text().notNull().default("contact"),
    leadDays: smallint(),
    /** SMS and WhatsApp: ask the recipient to reply YES, NO or LATER. */
    askConfirmation: boolean().notNull().default(false),
    /** With askConfirmation: e-mail the user when no confirmation came this many minutes after the send. */
    followUpMinutes: integer(),
    /**
     * The member who created it (its sender when the workspace sends in members' names, and
     * the recipient of its lead e-mails) and who changed it last; null once their account is gone.
     */
    createdBy: text().references(() => users.id, { onDelete: "set null" }),
    updatedBy: text().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The lists' keyset order (created_at desc, id desc) with PostgreSQL's default NULLS FIRST
    // for desc, so a page is read from the index instead of sorting every row of the user.
    index("reminders_workspace_created_id_idx").on(
      t.workspaceId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The same order within one status (a filtered list), and the per-status counts.
    index("reminders_workspace_status_created_idx").on(
      t.workspaceId,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("reminders_contact_id_idx").on(t.contactId),
    index("reminders_group_id_idx")
      .on(t.groupId)
      .where(sql`${t.groupId} is not null`),
    // One member reminder per group reminder and member: membership races insert it once.
    uniqueIndex("reminders_parent_contact_key")
      .on(t.parentReminderId, t.contactId)
      .where(sql`${t.parentReminderId} is not null`),
    index("reminders_media_id_idx")
      .on(t.mediaId)
      .where(sql`${t.mediaId} is not null`),
    // The contacts list's reminder counts (not cancelled, member reminders of a group reminder
    // left out), one grouped pass over the user's entries, from the index alone once vacuum has
    // marked the pages all-visible.
    index("reminders_workspace_contact_live_idx")
      .on(t.workspaceId, t.contactId)
      .where(sql`${t.status} <> 'cancelled' and ${t.parentReminderId} is null`),
    // Most reminders have no contact date: leaving the nulls out spares the engine one index
    // write per reminder update (lookups by a date id still use it).
    index("reminders_contact_date_id_idx")
      .on(t.contactDateId)
      .where(sql`${t.contactDateId} is not null`),
    // One contact date has at most one live reminder per recipient: one yearly reminder to the
    // contact, one lead reminder to the user per number of days before. Holds against two
    // requests at once; cancelled and finished reminders do not count.
    uniqueIndex("reminders_one_per_contact_date_idx")
      .on(t.contactDateId, t.recipient, sql`coalesce(${t.leadDays}, 0)`)
      .where(sql`${t.contactDateId} is not null and ${t.status} = 'scheduled'`),
    // The engine's hot path: due reminders by time.
    index("reminders_due_idx")
      .on(t.nextRunAt)
      .where(sql`${t.status} = 'scheduled' and ${t.nextRunAt} is not null`),
    check("reminders_type_check", oneOf(t.type, REMINDER_TYPES)),
    // Voice and video carry a clip; text carries none.
    check("reminders_media_check", sql`(${t.type} = 'text') = (${t.mediaId} is null)`),
    check("reminders_recipient_check", oneOf(t.recipient, REMINDER_RECIPIENTS)),
    // A reminder to the user goes by e-mail, before a contact's date.
    check(
      "reminders_owner_shape_check",
      sql`${t.recipient} <> 'owner' or (${t.deliveryMethod} = 'email' and ${t.contactDateId} is not null and ${t.leadDays} is not null)`,
    ),
    check(
      "reminders_lead_days_check",
      sql`${t.leadDays} is null or (${t.leadDays} between 1 and 60 and ${t.recipient} = 'owner')`,
    ),
    check(
      "reminders_confirmation_check",
      sql`not ${t.askConfirmation} or (${t.deliveryMethod} in ('sms', 'whatsapp', 'call') and ${t.recipient} <> 'owner')`,
    ),
    check(
      "reminders_follow_up_check",
      sql`${t.followUpMinutes} is null or (${t.askConfirmation} and ${t.followUpMinutes} between 5 and 10080)`,
    ),
    // A group reminder names a group and no contact; every other reminder names a contact.
    check(
      "reminders_group_shape_check",
      sql`(${t.recipient} = 'group') = (${t.contactId} is null) and (${t.recipient} = 'group') = (${t.groupId} is not null) and (${t.recipient} = 'group') = (${t.groupTiming} is not null)`,
    ),
    check(
      "reminders_group_timing_check",
      sql`${t.groupTiming} is null or ${oneOf(t.groupTiming, GROUP_TIMINGS)}`,
    ),
    check(
      "reminders_parent_check",
      sql`${t.parentReminderId} is null or (${t.recipient} = 'contact' and ${t.contactDateId} is null)`,
    ),
    check(
      "reminders_fallback_check",
      sql`cardinality(${t.fallbackChannels}) = cardinality(${t.fallbackWaitMinutes}) and cardinality(${t.fallbackChannels}) <= 3 and ${t.fallbackChannels} <@ array['email','sms','whatsapp','call']::text[] and not (${t.deliveryMethod} = any(${t.fallbackChannels})) and 0 <= all(${t.fallbackWaitMinutes}) and 10080 >= all(${t.fallbackWaitMinutes})`,
    ),
    check("reminders_status_check", oneOf(t.status, REMINDER_STATUSES)),
    check("reminders_delivery_method_check", oneOf(t.deliveryMethod, DELIVERY_METHODS)),
    check("reminders_schedule_type_check", oneOf(t.scheduleType, SCHEDULE_TYPES)),
    check("reminders_frequency_check", sql`${t.frequency} is null or ${oneOf(t.frequency, FREQUENCIES)}`),
    check(
      "reminders_end_condition_check",
      sql`${t.endCondition} is null or ${oneOf(t.endCondition, END_CONDITIONS)}`,
    ),
    check(
      "reminders_days_check",
      sql`${t.days} is null or ${t.days} <@ array[${sql.raw(WEEKDAYS.map((d) => `'${d}'`).join(","))}]::text[]`,
    ),
    check("reminders_time_check", sql`${t.time} is null or ${t.time} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check("reminders_day_of_month_check", sql`${t.dayOfMonth} is null or ${t.dayOfMonth} between 1 and 31`),
    check("reminders_month_check", sql`${t.month} is null or ${t.month} between 1 and 12`),
    // An interval counts from a first day: the schedule needs one to say which periods count.
    check(
      "reminders_repeat_interval_check",
      sql`${t.repeatInterval} is null or (${t.repeatInterval} between 2 and ${sql.raw(String(MAX_INTERVAL))} and ${t.anchorDate} is not null and ${t.leadDays} is null)`,
    ),
    check("reminders_anchor_date_check", sql`${t.anchorDate} is null or ${t.scheduleType} = 'recurring'`),
    check(
      "reminders_nth_weekday_check",
      sql`${t.nthWeekday} is null or (${t.nthWeekday} in (${sql.raw(NTH_WEEKDAYS.join(", "))}) and ${t.frequency} in ('monthly', 'yearly') and coalesce(cardinality(${t.days}), 0) = 1 and ${t.leadDays} is null)`,
    ),
    check("reminders_end_after_count_check", sql`${t.endAfterCount} is null or ${t.endAfterCount} >= 1`),
    check("reminders_occurrences_sent_check", sql`${t.occurrencesSent} >= 0`),
    check("reminders_message_check", sql`${t.message} is null or length(${t.message}) <= 1600`),
    check(
      "reminders_schedule_shape_check",
      sql`(${t.scheduleType} = 'once' and ${t.scheduledFor} is not null) or (${t.scheduleType} = 'recurring' and ${t.frequency} is not null and ${t.time} is not null)`,
    ),
  ],
);
