import "server-only";
import type { Actor } from "@/lib/workspaces/actor";
import { recordWorkspaceEvent } from "@/lib/workspaces/record-workspace-event";
import { and, eq, isNotNull, notExists, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { contactGroupMembers, contacts, deletedContacts, reminders } from "@/db/schema";
import { conflict, notFound } from "@/lib/errors/domain-error";
import { UNDO_EXPIRED } from "@/lib/errors/undo-expired";
import { db, type Transaction } from "@/lib/db";
import { ownContact } from "./contact-select";
import { CONTACT_NOT_FOUND, CONTACT_ROW_TABLES } from "./delete-contact";
import { restorableRows } from "./restorable-rows";

/** More work of the caller's in the restore's transaction: the groups the contact is back in. */
export type AfterRestore = (tx: Transaction, groupIds: string[]) => Promise<void>;

/**
 * Stops the contact's restored member reminders whose group reminder no longer runs (cancelled
 * or finished while the contact was deleted) or whose group they are no longer in.
 */
async function stopStrayMemberReminders(tx: Transaction, contactId: string, now: Date) {
  const parent = alias(reminders, "parent");
  const stillRuns = tx
    .select({ id: parent.id })
    .from(parent)
    .innerJoin(
      contactGroupMembers,
      and(eq(contactGroupMembers.groupId, parent.groupId), eq(contactGroupMembers.contactId, contactId)),
    )
    .where(and(eq(parent.id, reminders.parentReminderId), eq(parent.status, "scheduled")));
  await tx
    .update(reminders)
    .set({ status: "cancelled", cancelledAt: now, nextRunAt: null, updatedAt: now })
    .where(
      and(
        eq(reminders.contactId, contactId),
        isNotNull(reminders.parentReminderId),
        eq(reminders.status, "scheduled"),
        notExists(stillRuns),
      ),
    );
}

/**
 * POST /api/contacts/{id}/restore: Undo of a deletion, within its window. Every row the deletion
 * removed goes back as it was (ids, dates, consent, opt-outs, reminders with their next runs,
 * deliveries, replies and calls), parents first, and its consent records are its own again; a reminder whose run fell inside the window is
 * due at once. Its group memberships come back too, except in groups deleted meanwhile (their
 * member reminders, gone with the group, stay gone). A second press answers as the first did; after the window (or for a deletion
 * already final) nothing changes and the answer is 409 `undo_expired`. Another user's id is 404.
 */
export async function restoreContact(
  actor: Actor,
  contactId: string,
  now = new Date(),
  afterRestore?: AfterRestore,
) {
  const workspaceId = actor.workspace.id;
  return db.transaction(async (tx) => {
    const [kept] = await tx
      .select()
      .from(deletedContacts)
      .where(and(eq(deletedContacts.contactId, contactId), eq(deletedContacts.workspaceId, workspaceId)))
      .for("update");
    if (!kept) {
      const [existing] = await tx
        .select({ id: contacts.id })
        .from(contacts)
        .where(ownContact(workspaceId, contactId));
      if (existing) return { id: contactId };
      throw notFound(CONTACT_NOT_FOUND);
    }
    if (!kept.rows || kept.restorableUntil.getTime() < now.getTime()) throw conflict(UNDO_EXPIRED);
    const restorable = await restorableRows(tx, kept.rows as Record<string, Record<string, unknown>[]>);
    for (const table of CONTACT_ROW_TABLES) {
      const rows = restorable[table] ?? [];
      if (rows.length === 0) continue;
      // Column order is the table's own (the rows were read with to_jsonb); identities keep their ids.
      await tx.execute(sql`insert into ${sql.identifier(table)} overriding system value
        select * from jsonb_populate_recordset(null::${sql.identifier(table)}, ${JSON.stringify(rows)}::jsonb)`);
    }
    await stopStrayMemberReminders(tx, contactId, now);
    await tx.delete(deletedContacts).where(eq(deletedContacts.contactId, contactId));
    const [restored] = (restorable.contacts ?? []) as { name?: string }[];
    await recordWorkspaceEvent(tx, workspaceId, actor, {
      kind: "contact.restored",
      subjectId: contactId,
      details: { name: restored?.name ?? null },
    });
    if (afterRestore)
      await afterRestore(tx, [...new Set(restorable.contact_group_members?.map((m) => String(m.group_id)))]);
    return { id: contactId };
  });
}
