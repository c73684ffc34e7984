import { sql } from "drizzle-orm";
import { bigint, check, index, jsonb, pgTable, text, varchar } from "drizzle-orm/pg-core";
import { oneOf } from "./check";
import { createdAt, instant } from "./columns";
import { contacts } from "./contacts";
import { CONSENT_CHANGES, CONSENT_SOURCES, DELIVERY_METHODS } from "./enums";
import { workspaces } from "./workspaces";

/**
 * Every change a contact made to their consent with a sender, as it was made: when, on which
 * channel (null: all of them), from where, and the words they were shown. Kept when the contact is
 * deleted for good (the contact id is then cleared; nothing personal is stored in a record), so a
 * sender can show that a request to be forgotten was honoured.
 */
export const consentRecords = pgTable(
  "consent_records",
  {
    id: bigint({ mode: "number" }).notNull().primaryKey().generatedAlwaysAsIdentity(),
    workspaceId: text()
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /**
     * No foreign key: a deleted contact's records keep its id through the undo window (an Undo
     * finds them again); the deletion's end clears it (finishContactDeletions).
     */
    contactId: text(),
    channel: text(),
    change: text().notNull(),
    source: text().notNull(),
    /** The sentence the contact read when they made the change, in the language they read it in. */
    wording: varchar({ length: 1000 }).notNull(),
    /** What changed, without personal data (the preferences chosen, a request's outcome). */
    details: jsonb().$type<Record<string, unknown>>(),
    at: createdAt(),
  },
  (t) => [
    index("consent_records_contact_idx").on(t.workspaceId, t.contactId, t.at),
    check("consent_records_channel_check", oneOf(t.channel, DELIVERY_METHODS)),
    check("consent_records_change_check", oneOf(t.change, CONSENT_CHANGES)),
    check("consent_records_source_check", oneOf(t.source, CONSENT_SOURCES)),
  ],
);

/**
 * A contact's request, from their preferences page, to take a channel back that they left: it
 * holds until confirmed on that channel (a reply to the message it sends), expires, or is replaced.
 */
export const consentRequests = pgTable(
  "consent_requests",
  {
    id: bigint({ mode: "number" }).notNull().primaryKey().generatedAlwaysAsIdentity(),
    workspaceId: text()
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    contactId: text()
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    channel: text().notNull(),
    /** The number the confirmation went to (E.164): a reply from it confirms. */
    phone: varchar({ length: 32 }).notNull(),
    createdAt: createdAt(),
    expiresAt: instant().notNull(),
    confirmedAt: instant(),
  },
  (t) => [
    index("consent_requests_phone_idx")
      .on(t.phone)
      .where(sql`${t.confirmedAt} is null`),
    check("consent_requests_channel_check", oneOf(t.channel, DELIVERY_METHODS)),
  ],
);

export type ConsentRecord = typeof consentRecords.$inferSelect;
