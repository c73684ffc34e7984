import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import { contactGroupMembers, contactGroups, deliveries, groupOccurrences, reminders } from "@/db/schema";
import { db } from "@/lib/db";
import { syncGroupReminders } from "@/lib/reminders/sync-group-reminders";
import { workspaceOwner } from "./delivery-fixtures";

/**
 * A group of these contacts and a one-time group reminder to it due at `due` (the sender's zone
 * UTC, one instant for everyone unless `overrides` says otherwise), with its member reminders
 * made as the reminders module makes them (syncGroupReminders).
 */
export async function createGroupReminder(
  workspaceId: string,
  contactIds: string[],
  due: Date,
  overrides: Partial<typeof reminders.$inferInsert> = {},
) {
  const [group] = await db
    .insert(contactGroups)
    .values({ workspaceId, name: `Group ${randomBytes(4).toString("hex")}` })
    .returning();
  if (contactIds.length > 0) {
    await db
      .insert(contactGroupMembers)
      .values(contactIds.map((contactId) => ({ groupId: group.id, contactId, workspaceId })));
  }
  const [reminder] = await db
    .insert(reminders)
    .values({
      workspaceId,
      contactId: null,
      createdBy: workspaceOwner(workspaceId),
      recipient: "group",
      groupId: group.id,
      groupTiming: "same_instant",
      type: "text",
      message: "Choir practice",
      deliveryMethod: "email",
      scheduleType: "once",
      scheduledFor: due,
      nextRunAt: due,
      timezone: "UTC",
      ...overrides,
    })
    .returning();
  // Made before the first occurrence, so every member's is still to come.
  await db.transaction((tx) =>
    syncGroupReminders(tx, { workspaceId, reminderId: reminder.id }, new Date(due.getTime() - 60_000)),
  );
  return { group, reminder, members: await membersOf(reminder.id) };
}

/** The member reminders of a group reminder. */
export const membersOf = (parentId: string) =>
  db.select().from(reminders).where(eq(reminders.parentReminderId, parentId)).orderBy(asc(reminders.id));

/** Every delivery of a group reminder's members. */
export async function memberDeliveries(parentId: string) {
  const ids = (await membersOf(parentId)).map((m) => m.id);
  if (ids.length === 0) return [];
  return db.select().from(deliveries).where(inArray(deliveries.reminderId, ids));
}

/** A group reminder's occurrences as usage recorded them. */
export const occurrencesOf = (parentId: string) =>
  db
    .select()
    .from(groupOccurrences)
    .where(and(eq(groupOccurrences.reminderId, parentId)));
