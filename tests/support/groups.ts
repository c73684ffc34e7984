import { contactGroupMembers, contactGroups, reminders } from "@/db/schema";
import { db } from "@/lib/db";
import { workspaceOwner } from "./delivery-fixtures";

/** A stored group of workspace `workspaceId` with these members, arranged directly. */
export async function insertGroup(workspaceId: string, name: string, contactIds: string[] = []) {
  const [group] = await db.insert(contactGroups).values({ workspaceId, name }).returning();
  if (contactIds.length > 0)
    await db
      .insert(contactGroupMembers)
      .values(contactIds.map((contactId) => ({ groupId: group.id, contactId, workspaceId })));
  return group;
}

/**
 * A live group reminder to `groupId`, arranged directly: every Thursday at 18:00 in each
 * member's own zone, by SMS (what the reminder dialog would create).
 */
export async function insertGroupReminder(
  workspaceId: string,
  groupId: string,
  values: Partial<typeof reminders.$inferInsert> = {},
) {
  const first = new Date(Date.now() + 7 * 86_400_000);
  const [row] = await db
    .insert(reminders)
    .values({
      workspaceId,
      createdBy: workspaceOwner(workspaceId),
      recipient: "group",
      contactId: null,
      groupId,
      groupTiming: "local_time",
      type: "text",
      message: "Choir at 18:00, {first_name}",
      deliveryMethod: "sms",
      scheduleType: "recurring",
      scheduledFor: first,
      frequency: "weekly",
      time: "18:00",
      days: ["Thu"],
      endCondition: "never",
      timezone: "Europe/Paris",
      nextRunAt: first,
      status: "scheduled",
      ...values,
    })
    .returning();
  return row;
}
