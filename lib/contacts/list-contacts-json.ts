import "server-only";
import { fillPlaceholders } from "drizzle-orm";
import pg from "pg";
import { db } from "@/lib/db";
import { instantJson } from "@/lib/db/instant-json";
import { contactListQuery, groupContactListQuery } from "./contact-list-query";
import type { Locale } from "@/i18n/locales";
import { emailDisplay } from "./email-display";
import { sortByName } from "./sort-by-name";

const statements = {
  all: { name: "list_contacts_json", ...contactListQuery.toSQL() },
  group: { name: "list_group_contacts_json", ...groupContactListQuery.toSQL() },
};

// Each field's position (both statements select the same fields) in a row: the statement selects its fields in the answer's order.
const at = Object.fromEntries(
  Object.keys(contactListQuery._.selectedFields).map((key, i) => [key, i]),
) as Record<keyof typeof contactListQuery._.selectedFields, number>;

// Instants arrive as PostgreSQL's text, which Drizzle reads with `new Date(text)` for
// listContacts (instantJson writes what that Date serialises to); every other type is parsed
// as pg always does.
const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === pg.types.builtins.TIMESTAMPTZ
      ? (value: string) => value
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * The JSON text GET /api/contacts answers: byte for byte `JSON.stringify(await
 * listContacts(workspaceId, locale))`, built from the statement's rows without Drizzle's mapping, Date
 * objects or the object spread (`list-contacts-json.test.ts` compares the two). With `groupId`,
 * only the members of that group (the caller checks it is the user's).
 */
export async function listContactsJson(
  workspaceId: string,
  locale: Locale,
  groupId?: string,
): Promise<string> {
  const statement = groupId ? statements.group : statements.all;
  const { rows } = await db.$client.query<unknown[]>({
    name: statement.name,
    text: statement.sql,
    values: fillPlaceholders(statement.params, { workspaceId, groupId }),
    rowMode: "array",
    types,
  });
  return JSON.stringify(
    sortByName(rows, (row) => row[at.name] as string, locale).map((row) => ({
      id: row[at.id],
      workspaceId: row[at.workspaceId],
      name: row[at.name],
      email: row[at.email],
      phone: row[at.phone],
      relationship: row[at.relationship],
      avatarUrl: row[at.avatarUrl],
      deliveryMethod: row[at.deliveryMethod],
      emailOptOut: row[at.emailOptOut],
      smsOptOut: row[at.smsOptOut],
      whatsappOptOut: row[at.whatsappOptOut],
      callOptOut: row[at.callOptOut],
      whatsappConsentAt: instantJson(row[at.whatsappConsentAt] as string | null),
      whatsappConsentSource: row[at.whatsappConsentSource],
      timezone: row[at.timezone],
      locale: row[at.locale],
      emailSuppressedAt: instantJson(row[at.emailSuppressedAt] as string | null),
      emailSuppressedReason: row[at.emailSuppressedReason],
      preferences: row[at.preferences],
      forgetRequestedAt: instantJson(row[at.forgetRequestedAt] as string | null),
      createdAt: instantJson(row[at.createdAt] as string | null),
      authorship: row[at.authorship],
      reminderCount: row[at.reminderCount],
      lastReminder: instantJson(row[at.lastReminder] as string | null),
      dates: row[at.dates],
      groupIds: row[at.groupIds],
      emailDisplay: emailDisplay(row[at.email] as string | null),
    })),
  );
}
