import { contacts, reminders } from "@/db/schema";
import { db } from "@/lib/db";
import { workspaceOwner } from "./delivery-fixtures";

export async function createContact(workspaceId: string, values: Partial<typeof contacts.$inferInsert> = {}) {
  const [contact] = await db
    .insert(contacts)
    .values({
      workspaceId,
      name: "Grandma Rose",
      email: "rose@example.com",
      phone: "+14155552671",
      ...values,
    })
    .returning();
  return contact;
}

/**
 * A stored reminder, arranged directly (for list/cancel/send tests, not create), made by the
 * workspace's owner unless `values.createdBy` says who.
 */
export async function insertReminder(
  workspaceId: string,
  contactId: string,
  values: Partial<typeof reminders.$inferInsert> = {},
) {
  const due = new Date(Date.now() + 86_400_000);
  const [row] = await db
    .insert(reminders)
    .values({
      workspaceId,
      contactId,
      createdBy: workspaceOwner(workspaceId),
      type: "text",
      message: "Hello",
      deliveryMethod: "sms",
      scheduleType: "once",
      scheduledFor: due,
      nextRunAt: due,
      status: "scheduled",
      ...values,
    })
    .returning();
  return row;
}

/** 'YYYY-MM-DDTHH:MM' in UTC, `days` from now. */
export function localInDays(days: number, time = "09:00"): string {
  return `${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)}T${time}`;
}
