import "server-only";
import { contactListQuery } from "./contact-list-query";
import { withEmailDisplay } from "./email-display";

export type ContactDto = Awaited<ReturnType<typeof listContacts>>[number];

// Built once and prepared (a named statement per pooled connection), so neither Drizzle nor
// PostgreSQL builds or plans it again on each request.
const listStatement = contactListQuery.prepare("list_contacts");

/** A user's contacts by name, each with its reminder count and last reminder. */
export async function listContacts(userId: string) {
  const rows = await listStatement.execute({ userId });
  return rows.map(withEmailDisplay);
}
