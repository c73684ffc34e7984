import { sql } from "drizzle-orm";
import { check, index, pgTable, text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { oneOf } from "./check";
import { createdAt, updatedAt, uuidId } from "./columns";
import { LOCALES } from "../../i18n/locales";
import { users } from "./auth";

/** A user's saved message, with fields such as {first_name}, offered in the reminder dialog. */
export const messageTemplates = pgTable(
  "message_templates",
  {
    id: uuidId(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: varchar({ length: 100 }).notNull(),
    body: text().notNull(),
    /** The language it is written in (the user's when saved); the dialog offers the user's first. */
    locale: varchar({ length: 8 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("message_templates_user_id_idx").on(t.userId),
    uniqueIndex("message_templates_user_name_key").on(t.userId, t.name),
    check("message_templates_name_check", sql`length(btrim(${t.name})) > 0`),
    check("message_templates_body_check", sql`length(btrim(${t.body})) > 0 and length(${t.body}) <= 1600`),
    check("message_templates_locale_check", oneOf(t.locale, LOCALES)),
  ],
);
