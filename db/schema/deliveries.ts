import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  foreignKey,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { oneOf } from "./check";
import { createdAt, instant, updatedAt } from "./columns";
import {
  CALL_OUTCOMES,
  GROUP_OCCURRENCE_STATUSES,
  CALL_STATUSES,
  CONFIRMATION_STATES,
  DELIVERY_METHODS,
  DELIVERY_STATUSES,
  REPLY_ACTIONS,
} from "./enums";
import { workspaces } from "./workspaces";
import { contacts } from "./contacts";
import { reminders } from "./reminders";

/**
 * One row per occurrence of a reminder that the engine has taken on. The unique key on
 * (reminder, occurrence) is what makes a second send of one occurrence impossible.
 * Partitioned by month of `occurrence_at` (migration 0021, lib/maintenance/maintain-partitions.ts):
 * both keys carry it, and retention drops whole months.
 */
export const deliveries = pgTable(
  "deliveries",
  {
    id: bigint({ mode: "number" }).notNull().generatedAlwaysAsIdentity(),
    reminderId: text()
      .notNull()
      .references(() => reminders.id, { onDelete: "cascade" }),
    workspaceId: text()
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    contactId: text()
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    occurrenceAt: instant().notNull(),
    channel: text().notNull(),
    status: text().notNull().default("queued"),
    providerMessageId: text(),
    error: text(),
    errorCode: text(),
    attemptCount: integer().notNull().default(0),
    /** Attempts the provider answered with "slow down" (429, queue full): not counted as failures. */
    slowedCount: integer().notNull().default(0),
    /** When a queued or held delivery may next be tried. */
    nextAttemptAt: instant(),
    /** While sending: the worker holding it and until when; an expired lease is taken over. */
    workerId: text(),
    leaseExpiresAt: instant(),
    /** When the first and the latest attempt were taken on (a lease start). */
    firstAttemptAt: instant(),
    lastAttemptAt: instant(),
    sentAt: instant(),
    deliveredAt: instant(),
    /** Set when the reminder asked for a confirmation: 'awaiting' until a reply moves it. */
    confirmation: text(),
    confirmationAt: instant(),
    /** When the user was e-mailed that no confirmation came (at most once). */
    followUpSentAt: instant(),
    /**
     * A LATER reply's new send: the delivery it snoozes. No foreign key (it would need the
     * snoozed row's month too): readers tolerate a row that retention has dropped.
     */
    snoozedFromId: bigint({ mode: "number" }),
    /**
     * A Send now "extra message": sent besides the schedule, which it leaves where it was. Its
     * occurrence is the moment it was sent, so it never takes a scheduled occurrence's key.
     */
    extra: boolean().notNull().default(false),
    /** Voice and video: when the recipient first opened the clip's playback page and played it. */
    playedAt: instant(),
    /** The user withdrew this delivery's playback link: it answers 404 from then on. */
    playbackRevokedAt: instant(),
    /** A call that completed: taken by a person ('answered') or left on voicemail ('voicemail'). */
    callOutcome: text(),
    /**
     * 0: the occurrence's first delivery, on the reminder's delivery method; n: the reminder's
     * n-th fallback channel, tried for the same occurrence after the step before it.
     */
    fallbackStep: smallint().notNull().default(0),
    /**
     * Sent asking for a confirmation, with a later fallback step that waits for one: when that
     * wait runs out (sent_at + its minutes). The engine then tries that step unless an answer
     * came; null otherwise, and once looked at.
     */
    fallbackDueAt: instant(),
    /**
     * The channel the reminder asked for when the contact's preferences sent it by another one
     * (`channel` is the one used); null when the reminder's own channel was used.
     */
    requestedChannel: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: "deliveries_pkey", columns: [t.id, t.occurrenceAt] }),
    uniqueIndex("deliveries_reminder_occurrence_step_key").on(t.reminderId, t.occurrenceAt, t.fallbackStep),
    index("deliveries_pending_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('queued', 'held')`),
    // The engine's scan for unconfirmed steps whose fallback wait ran out: only rows waiting.
    index("deliveries_fallback_due_idx")
      .on(t.fallbackDueAt)
      .where(sql`${t.fallbackDueAt} is not null`),
    index("deliveries_lease_idx")
      .on(t.leaseExpiresAt)
      .where(sql`${t.status} = 'sending'`),
    index("deliveries_contact_created_idx").on(t.contactId, t.createdAt.desc()),
    // A row has no provider id until it is sent: leaving the nulls out spares each new delivery
    // one index write (status callbacks and replies look a given id up).
    index("deliveries_provider_message_idx")
      .on(t.providerMessageId)
      .where(sql`${t.providerMessageId} is not null`),
    // The activity log: a user's deliveries newest first (keyset on created_at, id), all or by
    // status; by contact it uses deliveries_contact_created_idx. Not ordered by id alone: the
    // planner would then walk the primary key through other users' rows.
    index("deliveries_workspace_created_idx").on(t.workspaceId, t.createdAt.desc(), t.id.desc()),
    index("deliveries_workspace_status_created_idx").on(
      t.workspaceId,
      t.status,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    // The monitoring window (GET /api/metrics: the last day's deliveries by status and channel)
    // reads this range instead of the whole table. A key that only grows: entries go to the
    // rightmost page.
    index("deliveries_created_idx").on(t.createdAt),
    check("deliveries_channel_check", oneOf(t.channel, DELIVERY_METHODS)),
    check("deliveries_status_check", oneOf(t.status, DELIVERY_STATUSES)),
    check(
      "deliveries_requested_channel_check",
      sql`${t.requestedChannel} is null or ${oneOf(t.requestedChannel, DELIVERY_METHODS)}`,
    ),
    check("deliveries_attempt_count_check", sql`${t.attemptCount} >= 0`),
    check(
      "deliveries_call_outcome_check",
      sql`${t.callOutcome} is null or ${oneOf(t.callOutcome, CALL_OUTCOMES)}`,
    ),
    check(
      "deliveries_confirmation_check",
      sql`${t.confirmation} is null or ${oneOf(t.confirmation, CONFIRMATION_STATES)}`,
    ),
  ],
);

/**
 * A recipient's SMS or WhatsApp reply matched to the delivery it answers (the newest one to that
 * number on that channel), shown in the reminder's history. MessageSid makes a webhook retry a no-op.
 * Partitioned by month of the delivery's occurrence, like deliveries.
 */
export const deliveryReplies = pgTable(
  "delivery_replies",
  {
    id: bigint({ mode: "number" }).notNull().generatedAlwaysAsIdentity(),
    deliveryId: bigint({ mode: "number" }).notNull(),
    /** The delivery's occurrence: its partition key, so a month of replies drops with its deliveries. */
    deliveryOccurrenceAt: instant().notNull(),
    reminderId: text()
      .notNull()
      .references(() => reminders.id, { onDelete: "cascade" }),
    workspaceId: text()
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    channel: text().notNull(),
    body: varchar({ length: 1600 }).notNull(),
    action: text().notNull(),
    /** Unique across months by recordReply (an advisory lock on it, then a look-up). */
    providerMessageId: text().notNull(),
    receivedAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "delivery_replies_pkey", columns: [t.id, t.deliveryOccurrenceAt] }),
    foreignKey({
      name: "delivery_replies_delivery_fk",
      columns: [t.deliveryId, t.deliveryOccurrenceAt],
      foreignColumns: [deliveries.id, deliveries.occurrenceAt],
    }).onDelete("cascade"),
    index("delivery_replies_provider_message_idx").on(t.providerMessageId),
    index("delivery_replies_reminder_idx").on(t.reminderId, t.receivedAt.desc()),
    index("delivery_replies_delivery_idx").on(t.deliveryId),
    check("delivery_replies_channel_check", oneOf(t.channel, DELIVERY_METHODS)),
    check("delivery_replies_action_check", oneOf(t.action, REPLY_ACTIONS)),
  ],
);

/**
 * Keyword messages (STOP, START, HELP and their synonyms) already acted on, by MessageSid: a
 * webhook retry or a replayed request of one changes nothing, so a START replayed after a later
 * STOP cannot subscribe the number again. Kept: a signed request stays valid, so may come back any time.
 */
export const inboundKeywords = pgTable("inbound_keywords", {
  providerMessageId: text().primaryKey(),
  phone: text().notNull(),
  action: text().notNull(),
  receivedAt: createdAt(),
});

/**
 * Each call placed for a call delivery (a retry after no answer places another), by Twilio's
 * CallSid: its latest status, who answered and how long it lasted. A status callback moves a
 * row forward only (a replayed or late one changes nothing); the outcome is recorded once.
 * Partitioned by month of the delivery's occurrence, like deliveries.
 */
export const deliveryCalls = pgTable(
  "delivery_calls",
  {
    /** Twilio's CallSid: one delivery's (the webhooks name it), so unique with that delivery's month. */
    callSid: text().notNull(),
    deliveryId: bigint({ mode: "number" }).notNull(),
    /** The delivery's occurrence: its partition key, so a month of calls drops with its deliveries. */
    deliveryOccurrenceAt: instant().notNull(),
    workspaceId: text()
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    status: text().notNull().default("queued"),
    /** AnsweredBy from answering-machine detection: human, machine_end_beep, fax, unknown, ... */
    answeredBy: text(),
    durationSeconds: integer(),
    answeredAt: instant(),
    endedAt: instant(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: "delivery_calls_pkey", columns: [t.callSid, t.deliveryOccurrenceAt] }),
    foreignKey({
      name: "delivery_calls_delivery_fk",
      columns: [t.deliveryId, t.deliveryOccurrenceAt],
      foreignColumns: [deliveries.id, deliveries.occurrenceAt],
    }).onDelete("cascade"),
    index("delivery_calls_delivery_idx").on(t.deliveryId),
    // The daily call cap counts an account's calls placed since midnight UTC.
    index("delivery_calls_workspace_created_idx").on(t.workspaceId, t.createdAt),
    check("delivery_calls_status_check", oneOf(t.status, CALL_STATUSES)),
    check("delivery_calls_duration_check", sql`${t.durationSeconds} is null or ${t.durationSeconds} >= 0`),
  ],
);

/**
 * Deliveries counted by user, month (UTC), channel and status, written when retention drops a
 * month of deliveries: what is left of them afterwards (kept for billing questions and the
 * data export; the dashboard and usage read the users' counters and the credit ledger).
 */
export const deliveryMonthlyTotals = pgTable(
  "delivery_monthly_totals",
  {
    workspaceId: text()
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** The month's first instant, UTC. */
    month: instant().notNull(),
    channel: text().notNull(),
    status: text().notNull(),
    count: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.month, t.channel, t.status] }),
    check("delivery_monthly_totals_count_check", sql`${t.count} >= 0`),
  ],
);

/**
 * A group reminder's occurrence as usage sees it: checked once for every member at its first
 * member's send, then either covered (units held so that no other send can take them until the
 * members' sends have drawn them, or the hold expires) or refused for every member.
 * `occurrenceKey` is the occurrence's local date in the member reminders' zones: the same date for
 * every member whether they share an instant or a local time.
 */
export const groupOccurrences = pgTable(
  "group_occurrences",
  {
    reminderId: text()
      .notNull()
      .references(() => reminders.id, { onDelete: "cascade" }),
    occurrenceKey: text().notNull(),
    workspaceId: text()
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    status: text().notNull(),
    members: integer().notNull(),
    unitsHeld: integer().notNull(),
    unitsDrawn: integer().notNull().default(0),
    /** After this, what was not drawn (members who left) no longer holds the user's usage. */
    expiresAt: instant().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "group_occurrences_pkey", columns: [t.reminderId, t.occurrenceKey] }),
    // The holds still open of a user, read under the user's lock by every reservation.
    index("group_occurrences_open_idx")
      .on(t.workspaceId, t.expiresAt)
      .where(sql`${t.status} = 'covered' and ${t.unitsDrawn} < ${t.unitsHeld}`),
    check("group_occurrences_status_check", oneOf(t.status, GROUP_OCCURRENCE_STATUSES)),
    check("group_occurrences_units_check", sql`${t.unitsDrawn} >= 0 and ${t.members} >= 0`),
  ],
);
