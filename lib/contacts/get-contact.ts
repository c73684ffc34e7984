import "server-only";
import { eq } from "drizzle-orm";
import { contacts } from "@/db/schema";
import { notFound } from "@/lib/errors/domain-error";
import { db } from "@/lib/db";
import { contactCreator, contactSelect, contactUpdater, ownContact } from "./contact-select";
import { withEmailDisplay } from "./email-display";

/** One of the user's contacts; anyone else's (or an unknown id) is a 404. */
export async function getContact(workspaceId: string, contactId: string) {
  const [row] = await db
    .select(contactSelect)
    .from(contacts)
    .leftJoin(contactCreator, eq(contactCreator.id, contacts.createdBy))
    .leftJoin(contactUpdater, eq(contactUpdater.id, contacts.updatedBy))
    .where(ownContact(workspaceId, contactId));
  if (!row) throw notFound({ code: "contact_not_found", message: "Contact not found" });
  return withEmailDisplay(row);
}
