import "server-only";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { contacts, deletedContacts, reminders } from "@/db/schema";
import { conflict, notFound } from "@/lib/errors/domain-error";
import { UNDO_EXPIRED } from "@/lib/errors/undo-expired";
import { db } from "@/lib/db";
import { ownContact } from "./contact-select";
import { CONTACT_NOT_FOUND, CONTACT_ROW_TABLES } from "./delete-contact";

/**
 * Rows whose parent went away during the window are not put back: a group deleted meanwhile
 * takes the membership and its group reminder's member reminder (with their history) with it.
 */
const STILL_PARENTED: Partial<Record<(typeof CONTACT_ROW_TABLES)[number], ReturnType<typeof sql>>> = {
  contact_group_members: sql`exists (select 1 from contact_groups g where g.id = x.group_id)`,
  reminders: sql`x.parent_reminder_id is null or exists (select 1 from reminders p where p.id = x.parent_reminder_id)`,
  group_occurrences: sql`exists (select 1 from reminders p where p.id = x.reminder_id)`,
  deliveries: sql`exists (select 1 from reminders r where r.id = x.reminder_id)`,
  delivery_replies: sql`exists (select 1 from deliveries d where d.id = x.delivery_id and d.occurrence_at = x.delivery_occurrence_at)`,
  delivery_calls: sql`exists (select 1 from deliveries d where d.id = x.delivery_id and d.occurrence_at = x.delivery_occurrence_at)`,
};

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
      const parented = STILL_PARENTED[table] ?? sql`true`;
      await tx.execute(sql`insert into ${sql.identifier(table)} overriding system value
        select * from jsonb_populate_recordset(null::${sql.identifier(table)}, ${JSON.stringify(rows)}::jsonb) x
        where ${parented}`);
    }
    // A member reminder whose group reminder was cancelled meanwhile stays stopped.
    const parent = alias(reminders, "parent");
    await tx
      .update(reminders)
      .set({ status: "cancelled", nextRunAt: null, cancelledAt: now })
      .where(
        and(
          eq(reminders.contactId, contactId),
          eq(reminders.status, "scheduled"),
          inArray(
            reminders.parentReminderId,
            tx.select({ id: parent.id }).from(parent).where(ne(parent.status, "scheduled")),
          ),
        ),
      );
    await tx.delete(deletedContacts).where(eq(deletedContacts.contactId, contactId));
    return { id: contactId };
  });
}
