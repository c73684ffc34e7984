import "server-only";
import { eq } from "drizzle-orm";
import { reminders, users } from "@/db/schema";
import { unauthenticated } from "@/lib/errors/domain-error";
import { db } from "@/lib/db";
import type { ReminderBody } from "@/lib/validations/reminder";
import { assertReminderQuota, GROUP_OVER_QUOTA } from "./assert-reminder-quota";
import { usageUnits } from "@/lib/plans/usage-units";
import { reminderColumns } from "./reminder-columns";
import { resolveReminderInput } from "./resolve-reminder-input";
import { syncGroupReminders } from "./sync-group-reminders";
import { toReminderDto } from "./to-reminder-dto";
import { emitWebhookEvent } from "@/lib/webhooks/emit-webhook-event";

/**
 * POST /api/reminders. One transaction holding the user row locked, so concurrent creates
 * see each other's reminders in the quota check: exactly the remaining quota succeed. The
 * `reminder.created` webhook event is written in it too.
 *
 * A group reminder (body.groupId) also holds its group row locked (membership stays put until
 * the member reminders are written), and the quota must cover one occurrence for every member
 * the chain reaches, before anything is written (group_over_quota, 403 or 402 as the other quota
 * refusals). Then the group reminder and one member reminder per member are written together.
 */
export async function createReminder(userId: string, body: ReminderBody, now = new Date()) {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!user) throw unauthenticated();
    // A contact's reminder: the quota is the first rule. A group's needs the group's reach first.
    if (!body.groupId) await assertReminderQuota(user, tx, usageUnits(body.deliveryMethod));
    const resolved = await resolveReminderInput(tx, user, body, now);
    const { group } = resolved;
    if (group)
      await assertReminderQuota(user, tx, group.units, {
        problem: GROUP_OVER_QUOTA,
        details: { members: group.reachable },
      });
    const [row] = await tx
      .insert(reminders)
      .values({ userId, status: "scheduled", ...reminderColumns(body, resolved) })
      .returning();
    const synced = group ? await syncGroupReminders(tx, { userId, reminderId: row.id }, now) : null;
    await emitWebhookEvent(tx, {
      userId,
      type: "reminder.created",
      data: {
        reminderId: row.id,
        contactId: row.contactId,
        ...(row.groupId ? { groupId: row.groupId } : {}),
        type: row.type,
        deliveryMethod: row.deliveryMethod,
        nextRunAt: row.nextRunAt?.toISOString() ?? null,
      },
      occurredAt: now,
    });
    return toReminderDto(
      row,
      resolved.contact?.name ?? null,
      null,
      resolved.media,
      group ? { groupName: group.name, memberCount: synced?.added ?? 0 } : null,
    );
  });
}
