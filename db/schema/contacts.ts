import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { oneOf } from "./check";
import { createdAt, instant, updatedAt, uuidId } from "./columns";
import {
  CONTACT_DATE_KINDS,
  CONTACT_DELIVERY_METHODS,
  DELIVERY_METHODS,
  WHATSAPP_CONSENT_SOURCES,
} from "./enums";
import { LOCALES } from "../../i18n/locales";
import { users } from "./auth";
import { workspaces } from "./workspaces";

export const contacts = pgTable(
  "contacts",
  {
    id: uuidId(),
    workspaceId: text()
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: varchar({ length: 200 }).notNull(),
    email: varchar({ length: 320 }),
    /** E.164, e.g. +14155550123 */
    phone: varchar({ length: 32 }),
    relationship: varchar({ length: 100 }),
    avatarUrl: text(),
    deliveryMethod: text().notNull().default("email"),
    /** IANA zone of the recipient; the owner's zone applies when null. */
    timezone: text(),
    /** Language of the message's fixed lines (en/es/fr); the owner's language applies when null. */
    locale: varchar({ length: 8 }),
    emailOptOut: boolean().notNull().default(false),
    smsOptOut: boolean().notNull().default(false),
    whatsappOptOut: boolean().notNull().default(false),
    /** The recipient pressed 9 on a reminder call (or the user recorded it): no more calls. */
    callOptOut: boolean().notNull().default(false),
    /** The recipient's WhatsApp opt-in: when and how it was given; none means no WhatsApp send. */
    whatsappConsentAt: instant(),
    whatsappConsentSource: text(),
    /** Set when the recipient's mail server refused the address for good (SMTP 5xx): no more e-mail to it. */
    emailSuppressedAt: instant(),
    emailSuppressedReason: text(),
    /**
     * Set by the contact on their preferences page (never by the sender): the channels they accept
     * from this sender, preferred first (null: no choice made, the reminder's channel stands); the
     * hours they accept messages in, minutes after their local midnight (null: any time); a pause
     * until a date of their calendar (nothing before it); everything stopped; when they asked to be
     * forgotten; when they last changed any of it.
     */
    acceptedChannels: text().array(),
    windowStart: smallint(),
    windowEnd: smallint(),
    pausedUntil: date({ mode: "string" }),
    stoppedAt: instant(),
    forgetRequestedAt: instant(),
    preferencesChangedAt: instant(),
    /** Secret used in the List-Unsubscribe link of e-mails to this contact. */
    unsubscribeToken: text()
      .notNull()
      .unique()
      .$defaultFn(() => crypto.randomUUID()),
    /** The member who added it and who changed it last; null once their account is gone. */
    createdBy: text().references(() => users.id, { onDelete: "set null" }),
    updatedBy: text().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("contacts_workspace_name_idx").on(t.workspaceId, t.name),
    index("contacts_phone_idx").on(t.phone),
    check("contacts_delivery_method_check", oneOf(t.deliveryMethod, CONTACT_DELIVERY_METHODS)),
    check("contacts_email_or_phone_check", sql`${t.email} is not null or ${t.phone} is not null`),
    // NULL passes a CHECK: a contact without a language follows its owner's.
    check("contacts_locale_check", oneOf(t.locale, LOCALES)),
    check("contacts_name_check", sql`length(btrim(${t.name})) > 0`),
    check(
      "contacts_accepted_channels_check",
      sql`${t.acceptedChannels} <@ array[${sql.raw(DELIVERY_METHODS.map((m) => `'${m}'`).join(", "))}]::text[] and cardinality(${t.acceptedChannels}) > 0`,
    ),
    check(
      "contacts_window_check",
      sql`(${t.windowStart} is null) = (${t.windowEnd} is null) and (${t.windowStart} is null or (0 <= ${t.windowStart} and ${t.windowStart} < ${t.windowEnd} and ${t.windowEnd} <= 1440))`,
    ),
    check(
      "contacts_whatsapp_consent_check",
      sql`(${t.whatsappConsentAt} is null) = (${t.whatsappConsentSource} is null) and (${t.whatsappConsentSource} is null or ${oneOf(t.whatsappConsentSource, WHATSAPP_CONSENT_SOURCES)})`,
    ),
  ],
);

/**
 * A contact's yearly date (birthday, anniversary or a named one). The year is optional: without
 * it the date still recurs, but `{age}` has nothing to count from.
 */
export const contactDates = pgTable(
  "contact_dates",
  {
    id: uuidId(),
    workspaceId: text()
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    contactId: text()
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    kind: text().notNull(),
    /** The name of a custom date ("Name day"); null for a birthday or an anniversary. */
    label: varchar({ length: 100 }),
    month: smallint().notNull(),
    day: smallint().notNull(),
    year: smallint(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("contact_dates_contact_id_idx").on(t.contactId),
    index("contact_dates_workspace_idx").on(t.workspaceId),
    // One birthday and one anniversary per contact; any number of named dates.
    uniqueIndex("contact_dates_contact_kind_key")
      .on(t.contactId, t.kind)
      .where(sql`${t.kind} <> 'custom'`),
    check("contact_dates_kind_check", oneOf(t.kind, CONTACT_DATE_KINDS)),
    check(
      "contact_dates_label_check",
      sql`(${t.kind} = 'custom') = (${t.label} is not null and length(btrim(${t.label})) > 0)`,
    ),
    check("contact_dates_month_check", sql`${t.month} between 1 and 12`),
    // Feb 29 is a valid date without a year; with a year it must exist in that year.
    check(
      "contact_dates_day_check",
      sql`${t.day} >= 1 and ${t.day} <= case when ${t.month} = 2 then (case when ${t.year} is null or (${t.year} % 4 = 0 and (${t.year} % 100 <> 0 or ${t.year} % 400 = 0)) then 29 else 28 end) when ${t.month} in (4, 6, 9, 11) then 30 else 31 end`,
    ),
    check("contact_dates_year_check", sql`${t.year} is null or ${t.year} between 1900 and 2100`),
  ],
);

/**
 * A contact deleted less than the undo window ago: every row its deletion removed (the contact,
 * its dates, reminders, deliveries, replies and calls), as JSON per table, to put back exactly on
 * Undo. Once the window has passed a job drops `rows` and the photo; the row itself stays a day,
 * so a late Undo is told it is too late rather than that the contact never existed.
 */
export const deletedContacts = pgTable(
  "deleted_contacts",
  {
    contactId: text().primaryKey(),
    workspaceId: text()
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** Null once the deletion is final. */
    rows: jsonb().$type<Record<string, unknown[]>>(),
    /** The photo, removed from storage only when the deletion is final. */
    avatarUrl: text(),
    deletedAt: instant().notNull(),
    restorableUntil: instant().notNull(),
  },
  (t) => [
    index("deleted_contacts_workspace_idx").on(t.workspaceId),
    index("deleted_contacts_restorable_until_idx").on(t.restorableUntil),
  ],
);
