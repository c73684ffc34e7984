import "server-only";
import { contactListQuery } from "./contact-list-query";
import type { Locale } from "@/i18n/locales";
import { withEmailDisplay } from "./email-display";
import { sortByName } from "./sort-by-name";

export type ContactDto = Awaited<ReturnType<typeof listContacts>>[number];

// Built once and prepared (a named statement per pooled connection), so neither Drizzle nor
// PostgreSQL builds or plans it again on each request.
const listStatement = contactListQuery.prepare("list_contacts");

/** A user's contacts by name in their language, each with its reminder count and last reminder. */
export async function listContacts(workspaceId: string, locale: Locale) {
  const rows = await listStatement.execute({ workspaceId });
  return sortByName(rows, (row) => row.name, locale).map(withEmailDisplay);
}
