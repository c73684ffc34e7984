import "server-only";
import type { Actor } from "@/lib/workspaces/actor";
import { recordWorkspaceEvent } from "@/lib/workspaces/record-workspace-event";
import { sql } from "drizzle-orm";
import { UNDO_WINDOW_MS } from "@/config/undo";
import { contacts, deletedContacts } from "@/db/schema";
import { notFound } from "@/lib/errors/domain-error";
import { db } from "@/lib/db";
import { ownContact } from "./contact-select";
import { queueContactDeletionEnd } from "./queue-contact-deletion-end";

export const CONTACT_NOT_FOUND = { code: "contact_not_found", message: "Contact not found" } as const;

/**
 * The key of a deletion's kept rows that names the contact's consent records (`{ id }` each):
 * they outlive the contact without its id, and an Undo gives it back to them.
 */
export const CONSENT_RECORD_LINKS = "consent_record_links";

/**
 * Everything a contact's deletion cascades to, table by table, as JSON rows in table column
 * order (what restoreContact inserts back). A test compares this list with the foreign keys
 * that cascade from contacts, so a new dependent table cannot be left out unnoticed.
 */
export const CONTACT_ROW_TABLES = [
  "contacts",
  "contact_dates",
  "contact_group_members",
  "reminders",
  // Holds belong to group reminders, which name no contact: kept for completeness, always empty.
  "group_occurrences",
  "deliveries",
  "delivery_replies",
  "delivery_calls",
  "consent_requests",
] as const;

const snapshotOf = (contactId: string) => sql`select jsonb_build_object(
    'contacts', (select coalesce(jsonb_agg(to_jsonb(x)), '[]') from contacts x where x.id = ${contactId}),
    -- Consent records stay (their contact id is cleared): only which ones were the contact's, for an Undo.
    ${sql.raw(`'${CONSENT_RECORD_LINKS}'`)}, (select coalesce(jsonb_agg(jsonb_build_object('id', x.id)), '[]') from consent_records x
       where x.contact_id = ${contactId}),
    'contact_dates', (select coalesce(jsonb_agg(to_jsonb(x)), '[]') from contact_dates x where x.contact_id = ${contactId}),
    'contact_group_members', (select coalesce(jsonb_agg(to_jsonb(x)), '[]') from contact_group_members x where x.contact_id = ${contactId}),
    'group_occurrences', (select coalesce(jsonb_agg(to_jsonb(x)), '[]') from group_occurrences x
       where x.reminder_id in (select id from reminders where contact_id = ${contactId})),
    'reminders', (select coalesce(jsonb_agg(to_jsonb(x)), '[]') from reminders x where x.contact_id = ${contactId}),
    'deliveries', (select coalesce(jsonb_agg(to_jsonb(x) order by x.id), '[]') from deliveries x
       where x.contact_id = ${contactId} or x.reminder_id in (select id from reminders where contact_id = ${contactId})),
    'delivery_replies', (select coalesce(jsonb_agg(to_jsonb(x)), '[]') from delivery_replies x
       where x.reminder_id in (select id from reminders where contact_id = ${contactId})),
    'delivery_calls', (select coalesce(jsonb_agg(to_jsonb(x)), '[]') from delivery_calls x
       where x.delivery_id in (select id from deliveries where contact_id = ${contactId})),
    'consent_requests', (select coalesce(jsonb_agg(to_jsonb(x)), '[]') from consent_requests x where x.contact_id = ${contactId})
  ) as rows`;

/**
 * DELETE /api/contacts/{id}. The foreign keys cascade inside this one statement: the contact's
 * reminders and their deliveries go with it, so nothing is sent to it from then on (the engine
 * only sends deliveries whose reminder still exists). In the same transaction every removed row
 * is kept in deleted_contacts for the undo window (see restoreContact); the photo stays in
 * storage until the deletion is final (finishContactDeletions, queued for the window's end).
 */
export async function deleteContact(actor: Actor, contactId: string, now = new Date()) {
  const workspaceId = actor.workspace.id;
  return db.transaction(async (tx) => {
    // Locked first: an edit or the engine's claim finishes before the rows are copied.
    const [owned] = await tx
      .select({ id: contacts.id, name: contacts.name, avatarUrl: contacts.avatarUrl })
      .from(contacts)
      .where(ownContact(workspaceId, contactId))
      .for("update");
    if (!owned) throw notFound(CONTACT_NOT_FOUND);
    const { rows } = await tx.execute<{ rows: Record<string, unknown[]> }>(snapshotOf(contactId));
    await tx.delete(contacts).where(ownContact(workspaceId, contactId));
    const restorableUntil = new Date(now.getTime() + UNDO_WINDOW_MS);
    await tx
      .insert(deletedContacts)
      .values({
        contactId,
        workspaceId,
        rows: rows[0].rows,
        avatarUrl: owned.avatarUrl,
        deletedAt: now,
        restorableUntil,
      })
      // An id deleted, restored and deleted again: the latest deletion is the one kept.
      .onConflictDoUpdate({
        target: deletedContacts.contactId,
        set: { rows: rows[0].rows, avatarUrl: owned.avatarUrl, deletedAt: now, restorableUntil },
      });
    await queueContactDeletionEnd(tx, restorableUntil);
    await recordWorkspaceEvent(tx, workspaceId, actor, {
      kind: "contact.deleted",
      subjectId: contactId,
      details: { name: owned.name },
    });
    return { id: owned.id };
  });
}
