import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { contacts, deliveries, media, reminders } from "@/db/schema";
import { db } from "@/lib/db";
import { findOwnReminder } from "./find-own-reminder";
import { groupSelection } from "./group-columns";
import { reminderAuthorship } from "./reminder-authorship";
import { DETAIL_PREVIEW_COUNT, toReminderDto } from "./to-reminder-dto";

/**
 * One of the user's reminders as the list shows it; another user's (or an unknown id) is a 404.
 * A member reminder can be read too (its group reminder's History links to it). It previews
 * DETAIL_PREVIEW_COUNT occurrences (a list, PREVIEW_COUNT).
 */
export async function getReminder(workspaceId: string, id: string) {
  const row = await findOwnReminder(workspaceId, id);
  const [contact] = row.contactId
    ? await db.select({ name: contacts.name }).from(contacts).where(eq(contacts.id, row.contactId))
    : [];
  const [failed] = row.lastError
    ? await db
        .select({ code: deliveries.errorCode })
        .from(deliveries)
        .where(and(eq(deliveries.reminderId, row.id), eq(deliveries.status, "failed")))
        .orderBy(desc(deliveries.occurrenceAt))
        .limit(1)
    : [];
  const [clip] = row.mediaId ? await db.select().from(media).where(eq(media.id, row.mediaId)) : [];
  const [group] = row.groupId
    ? await db.select(groupSelection()).from(reminders).where(eq(reminders.id, row.id))
    : [];
  return toReminderDto(
    row,
    contact?.name ?? null,
    failed?.code ?? null,
    clip ?? null,
    group ?? null,
    await reminderAuthorship(db, row.id),
    DETAIL_PREVIEW_COUNT,
  );
}
