import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { contacts, deletedContacts } from "@/db/schema";
import { conflict, notFound } from "@/lib/errors/domain-error";
import { UNDO_EXPIRED } from "@/lib/errors/undo-expired";
import { db } from "@/lib/db";
import { ownContact } from "./contact-select";
import { CONTACT_NOT_FOUND, CONTACT_ROW_TABLES } from "./delete-contact";

/**
 * POST /api/contacts/{id}/restore: Undo of a deletion, within its window. Every row the deletion
 * removed goes back as it was (ids, dates, consent, opt-outs, reminders with their next runs,
 * deliveries, replies and calls), parents first; a reminder whose run fell inside the window is
 * due at once. A second press answers as the first did; after the window (or for a deletion
 * already final) nothing changes and the answer is 409 `undo_expired`. Another user's id is 404.
 */
export async function restoreContact(userId: string, contactId: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const [kept] = await tx
      .select()
      .from(deletedContacts)
      .where(and(eq(deletedContacts.contactId, contactId), eq(deletedContacts.userId, userId)))
      .for("update");
    if (!kept) {
      const [existing] = await tx
        .select({ id: contacts.id })
        .from(contacts)
        .where(ownContact(userId, contactId));
      if (existing) return { id: contactId };
      throw notFound(CONTACT_NOT_FOUND);
    }
    if (!kept.rows || kept.restorableUntil.getTime() < now.getTime()) throw conflict(UNDO_EXPIRED);
    for (const table of CONTACT_ROW_TABLES) {
      const rows = kept.rows[table] ?? [];
      if (rows.length === 0) continue;
      // Column order is the table's own (the rows were read with to_jsonb); identities keep their ids.
      await tx.execute(sql`insert into ${sql.identifier(table)} overriding system value
        select * from jsonb_populate_recordset(null::${sql.identifier(table)}, ${JSON.stringify(rows)}::jsonb)`);
    }
    await tx.delete(deletedContacts).where(eq(deletedContacts.contactId, contactId));
    return { id: contactId };
  });
}
