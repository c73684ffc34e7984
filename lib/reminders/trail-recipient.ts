import "server-only";
import { eq } from "drizzle-orm";
import { contactGroups, contacts } from "@/db/schema";
import type { DbOrTx } from "@/lib/db";

/**
 * Whom a reminder goes to, as the activity trail keeps it in a line's details: the contact's
 * name, or a group reminder's group's (as created and edited reminders record it).
 */
export async function trailRecipient(
  client: DbOrTx,
  reminder: { contactId: string | null; groupId: string | null },
): Promise<string | null> {
  if (reminder.groupId) {
    const [group] = await client
      .select({ name: contactGroups.name })
      .from(contactGroups)
      .where(eq(contactGroups.id, reminder.groupId));
    return group?.name ?? null;
  }
  if (!reminder.contactId) return null;
  const [contact] = await client
    .select({ name: contacts.name })
    .from(contacts)
    .where(eq(contacts.id, reminder.contactId));
  return contact?.name ?? null;
}
