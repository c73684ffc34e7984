import "server-only";
import { contacts } from "@/db/schema";
import { notFound } from "@/lib/errors/domain-error";
import { db } from "@/lib/db";
import { removeObjectAtPath } from "@/lib/storage/remove-object-at-path";
import { ownContact } from "./contact-select";

/**
 * DELETE /api/contacts/{id}. The foreign keys cascade inside this one statement: the
 * contact's reminders and their deliveries go with it, so nothing is ever sent to a deleted
 * contact (the engine only sends deliveries whose reminder still exists). Its photo goes too.
 */
export async function deleteContact(userId: string, contactId: string) {
  const deleted = await db
    .delete(contacts)
    .where(ownContact(userId, contactId))
    .returning({ id: contacts.id, avatarUrl: contacts.avatarUrl });
  if (deleted.length === 0) throw notFound({ code: "contact_not_found", message: "Contact not found" });
  await removeObjectAtPath(userId, deleted[0].avatarUrl);
  return deleted[0];
}
