import "server-only";
import { and, eq } from "drizzle-orm";
import { contactDates, contacts } from "@/db/schema";
import type { DbOrTx } from "@/lib/db";
import { notFound } from "@/lib/errors/domain-error";

export const CONTACT_DATE_NOT_FOUND = {
  code: "contact_date_not_found",
  message: "Contact date not found",
} as const;

/** One of the user's contact dates with its contact; another user's date is a 404. */
export async function ownContactDate(tx: DbOrTx, workspaceId: string, contactDateId: string) {
  const [found] = await tx
    .select({ date: contactDates, contact: contacts })
    .from(contactDates)
    .innerJoin(contacts, eq(contacts.id, contactDates.contactId))
    .where(and(eq(contactDates.id, contactDateId), eq(contactDates.workspaceId, workspaceId)));
  if (!found) throw notFound(CONTACT_DATE_NOT_FOUND);
  return found;
}
