import "server-only";
import { eq } from "drizzle-orm";
import { REMINDERS_PER_CALL } from "@/config/plans";
import { reminders, users } from "@/db/schema";
import { unauthenticated } from "@/lib/errors/domain-error";
import { db } from "@/lib/db";
import type { ReminderBody } from "@/lib/validations/reminder";
import { assertReminderQuota } from "./assert-reminder-quota";
import { resolveReminderInput } from "./resolve-reminder-input";
import { toReminderDto } from "./to-reminder-dto";
import { scheduleColumns } from "@/lib/recurrence/schedule-from-row";
import { emitWebhookEvent } from "@/lib/webhooks/emit-webhook-event";

/**
 * POST /api/reminders. One transaction holding the user row locked, so concurrent creates
 * see each other's reminders in the quota check: exactly the remaining quota succeed. The
 * `reminder.created` webhook event is written in it too.
 */
export async function createReminder(userId: string, body: ReminderBody, now = new Date()) {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!user) throw unauthenticated();
    await assertReminderQuota(user, tx, body.deliveryMethod === "call" ? REMINDERS_PER_CALL : 1);
    const resolved = await resolveReminderInput(tx, user, body, now);
    const [row] = await tx
      .insert(reminders)
      .values({
        userId,
        contactId: resolved.contact.id,
        type: body.type,
        message: body.message?.trim() || null,
        mediaId: resolved.media?.id ?? null,
        status: "scheduled",
        deliveryMethod: body.deliveryMethod,
        ...scheduleColumns(resolved.schedule, resolved.scheduledFor),
        nextRunAt: resolved.nextRunAt,
        askConfirmation: body.askConfirmation,
        followUpMinutes: body.followUpMinutes ?? null,
      })
      .returning();
    await emitWebhookEvent(tx, {
      userId,
      type: "reminder.created",
      data: {
        reminderId: row.id,
        contactId: row.contactId,
        type: row.type,
        deliveryMethod: row.deliveryMethod,
        nextRunAt: row.nextRunAt?.toISOString() ?? null,
      },
      occurredAt: now,
    });
    return toReminderDto(row, resolved.contact.name, null, resolved.media);
  });
}
