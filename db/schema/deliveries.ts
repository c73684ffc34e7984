import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { oneOf } from "./check";
import { createdAt, instant, updatedAt } from "./columns";
import { DELIVERY_METHODS, DELIVERY_STATUSES } from "./enums";
import { users } from "./auth";
import { contacts } from "./contacts";
import { reminders } from "./reminders";

/**
 * One row per occurrence of a reminder that the engine has taken on. The unique key on
 * (reminder, occurrence) is what makes a second send of one occurrence impossible.
 */
export const deliveries = pgTable(
  "deliveries",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    reminderId: text()
      .notNull()
      .references(() => reminders.id, { onDelete: "cascade" }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("deliveries_reminder_occurrence_key").on(t.reminderId, t.occurrenceAt),
    index("deliveries_pending_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('queued', 'held')`),
    index("deliveries_lease_idx")
      .on(t.leaseExpiresAt)
      .where(sql`${t.status} = 'sending'`),
    index("deliveries_contact_created_idx").on(t.contactId, t.createdAt.desc()),
    index("deliveries_provider_message_idx").on(t.providerMessageId),
    // The activity log: a user's deliveries newest first (keyset on created_at, id), all or by
    // status; by contact it uses deliveries_contact_created_idx. Not ordered by id alone: the
    // planner would then walk the primary key through other users' rows.
    index("deliveries_user_created_idx").on(t.userId, t.createdAt.desc(), t.id.desc()),
    index("deliveries_user_status_created_idx").on(t.userId, t.status, t.createdAt.desc(), t.id.desc()),
    check("deliveries_channel_check", oneOf(t.channel, DELIVERY_METHODS)),
    check("deliveries_status_check", oneOf(t.status, DELIVERY_STATUSES)),
    check("deliveries_attempt_count_check", sql`${t.attemptCount} >= 0`),
  ],
);
