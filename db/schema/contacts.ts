import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, varchar } from "drizzle-orm/pg-core";
import { oneOf } from "./check";
import { createdAt, instant, updatedAt, uuidId } from "./columns";
import { CONTACT_DELIVERY_METHODS, WHATSAPP_CONSENT_SOURCES } from "./enums";
import { LOCALES } from "../../i18n/locales";
import { users } from "./auth";

export const contacts = pgTable(
  "contacts",
  {
    id: uuidId(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
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
    /** The recipient's WhatsApp opt-in: when and how it was given; none means no WhatsApp send. */
    whatsappConsentAt: instant(),
    whatsappConsentSource: text(),
    /** Set when the recipient's mail server refused the address for good (SMTP 5xx): no more e-mail to it. */
    emailSuppressedAt: instant(),
    emailSuppressedReason: text(),
    /** Secret used in the List-Unsubscribe link of e-mails to this contact. */
    unsubscribeToken: text()
      .notNull()
      .unique()
      .$defaultFn(() => crypto.randomUUID()),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("contacts_user_id_name_idx").on(t.userId, t.name),
    index("contacts_phone_idx").on(t.phone),
    check("contacts_delivery_method_check", oneOf(t.deliveryMethod, CONTACT_DELIVERY_METHODS)),
    check("contacts_email_or_phone_check", sql`${t.email} is not null or ${t.phone} is not null`),
    // NULL passes a CHECK: a contact without a language follows its owner's.
    check("contacts_locale_check", oneOf(t.locale, LOCALES)),
    check("contacts_name_check", sql`length(btrim(${t.name})) > 0`),
    check(
      "contacts_whatsapp_consent_check",
      sql`(${t.whatsappConsentAt} is null) = (${t.whatsappConsentSource} is null) and (${t.whatsappConsentSource} is null or ${oneOf(t.whatsappConsentSource, WHATSAPP_CONSENT_SOURCES)})`,
    ),
  ],
);
