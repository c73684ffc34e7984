import { and, eq } from "drizzle-orm";
import { contactGroupMembers, contactGroups } from "@/db/schema";
import { db } from "@/lib/db";
import { syncGroupReminders } from "@/lib/reminders/sync-group-reminders";
import { formatCivilDateTime, utcToLocal } from "@/lib/recurrence";
import { createContact } from "./reminders";

/** A group with these contacts as members, arranged directly (the group routes have their own tests). */
export async function createGroup(workspaceId: string, contactIds: string[] = [], name = "Choir") {
  const [group] = await db.insert(contactGroups).values({ workspaceId, name }).returning();
  if (contactIds.length) {
    await db
      .insert(contactGroupMembers)
      .values(contactIds.map((contactId) => ({ groupId: group.id, contactId, workspaceId })));
  }
  return group;
}

/** Contacts in the given zones (name "Member <i>"), each with a phone and an e-mail. */
export async function createMembers(workspaceId: string, zones: (string | null)[]) {
  const out = [];
  for (const [i, timezone] of zones.entries()) {
    out.push(
      await createContact(workspaceId, {
        name: `Member ${i + 1}`,
        email: `member${i + 1}-${workspaceId.slice(0, 6)}@example.com`,
        phone: `+1415555${String(1000 + i).padStart(4, "0")}`,
        timezone,
      }),
    );
  }
  return out;
}

/** Adds or removes members the way the group routes do: membership and the sync in one transaction. */
export async function changeMembers(
  workspaceId: string,
  groupId: string,
  add: string[],
  remove: string[] = [],
) {
  await db.transaction(async (tx) => {
    if (add.length)
      await tx
        .insert(contactGroupMembers)
        .values(add.map((contactId) => ({ groupId, contactId, workspaceId })));
    for (const contactId of remove) {
      await tx
        .delete(contactGroupMembers)
        .where(and(eq(contactGroupMembers.groupId, groupId), eq(contactGroupMembers.contactId, contactId)));
    }
    await syncGroupReminders(tx, { workspaceId, groupId });
  });
}

/** An instant as the wall time of a zone, 'YYYY-MM-DDTHH:MM'. */
export function wallTime(at: Date | null, zone: string): string | null {
  return at ? formatCivilDateTime(utcToLocal(at.getTime(), zone)) : null;
}

/** A group reminder body: weekly on Thursdays at 18:00 by SMS, unless overridden. */
export function groupBody(groupId: string, values: Record<string, unknown> = {}) {
  return {
    groupId,
    type: "text",
    message: "Choir practice tonight, {first_name}",
    deliveryMethod: "sms",
    scheduleType: "recurring",
    frequency: "weekly",
    frequencyConfig: { time: "18:00", days: ["Thu"], endCondition: "never" },
    ...values,
  };
}
