import "server-only";
import { eq } from "drizzle-orm";
import { REMINDERS_PER_CALL } from "@/config/plans";
import { reminders } from "@/db/schema";
import { db } from "@/lib/db";
import type { User } from "@/db/schema";
import type { ReminderBody } from "@/lib/validations/reminder";
import { assertReminderQuota } from "./assert-reminder-quota";
import { findEditableReminder } from "./find-editable-reminder";
import { resolveReminderInput } from "./resolve-reminder-input";
import { toReminderDto } from "./to-reminder-dto";
import { scheduleColumns } from "@/lib/recurrence/schedule-from-row";

/**
 * PUT /api/reminders/{id}: the same rules as create, in the user's current timezone; the
 * next due time is recomputed and occurrencesSent kept (an 'after N' budget stays honest).
 * Only scheduled reminders can be edited: sent, failed and cancelled ones keep their history.
 * Becoming a call, it needs the sends a call holds beyond the one it already held.
 */
export async function updateReminder(user: User, id: string, body: ReminderBody, now = new Date()) {
  return db.transaction(async (tx) => {
    const existing = await findEditableReminder(user.id, id, tx);
    if (body.deliveryMethod === "call" && existing.deliveryMethod !== "call")
      await assertReminderQuota(user, tx, REMINDERS_PER_CALL - 1);
    const resolved = await resolveReminderInput(
      tx,
      user,
      body,
      now,
      existing.occurrencesSent,
      existing.contactDateId,
    );
    const [row] = await tx
      .update(reminders)
      .set({
        contactId: resolved.contact.id,
        type: body.type,
        message: body.message?.trim() || null,
        mediaId: resolved.media?.id ?? null,
        deliveryMethod: body.deliveryMethod,
        ...scheduleColumns(resolved.schedule, resolved.scheduledFor),
        nextRunAt: resolved.nextRunAt,
        askConfirmation: body.askConfirmation,
        followUpMinutes: body.followUpMinutes ?? null,
        lastError: null,
      })
      .where(eq(reminders.id, id))
      .returning();
    return toReminderDto(row, resolved.contact.name, null, resolved.media);
  });
}
