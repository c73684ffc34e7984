import "server-only";
import { contacts } from "@/db/schema";
import { notFound } from "@/lib/errors/domain-error";
import { db } from "@/lib/db";
import { contactSelect, ownContact } from "./contact-select";
import { withEmailDisplay } from "./email-display";

/** One of the user's contacts; anyone else's (or an unknown id) is a 404. */
export async function getContact(workspaceId: string, contactId: string) {
  const [row] = await db.select(contactSelect).from(contacts).where(ownContact(workspaceId, contactId));
  if (!row) throw notFound({ code: "contact_not_found", message: "Contact not found" });
  return withEmailDisplay(row);
}
