import { sql } from "drizzle-orm";
import { check, index, pgTable, text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { oneOf } from "./check";
import { createdAt, updatedAt, uuidId } from "./columns";
import { LOCALES } from "../../i18n/locales";
import { workspaces } from "./workspaces";

/** A user's saved message, with fields such as {first_name}, offered in the reminder dialog. */
export const messageTemplates = pgTable(
  "message_templates",
  {
    id: uuidId(),
    workspaceId: text()
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: varchar({ length: 100 }).notNull(),
    body: text().notNull(),
    /** The language it is written in (the user's when saved); the dialog offers the user's first. */
    locale: varchar({ length: 8 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("message_templates_workspace_idx").on(t.workspaceId),
    uniqueIndex("message_templates_workspace_name_key").on(t.workspaceId, t.name),
    check("message_templates_name_check", sql`length(btrim(${t.name})) > 0`),
    check("message_templates_body_check", sql`length(btrim(${t.body})) > 0 and length(${t.body}) <= 1600`),
    check("message_templates_locale_check", oneOf(t.locale, LOCALES)),
  ],
);
