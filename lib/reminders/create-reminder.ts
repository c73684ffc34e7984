import "server-only";
import { reminders } from "@/db/schema";
import { db } from "@/lib/db";
import type { ReminderBody } from "@/lib/validations/reminder";
import { assertReminderQuota, GROUP_OVER_QUOTA } from "./assert-reminder-quota";
import { usageUnits } from "@/lib/plans/usage-units";
import { reminderColumns } from "./reminder-columns";
import { resolveReminderInput } from "./resolve-reminder-input";
import { syncGroupReminders } from "./sync-group-reminders";
import { toReminderDto } from "./to-reminder-dto";
import { emitWebhookEvent } from "@/lib/webhooks/emit-webhook-event";
import type { Actor } from "@/lib/workspaces/actor";
import { lockActorWorkspace } from "@/lib/workspaces/lock-workspace";
import { recordWorkspaceEvent } from "@/lib/workspaces/record-workspace-event";

/**
 * POST /api/reminders. One transaction holding the workspace row locked, so concurrent creates
 * (by any of its members) see each other's reminders in the quota check: exactly the remaining
 * quota succeed. The `reminder.created` webhook event and the trail's line are written in it too.
 *
 * A group reminder (body.groupId) also holds its group row locked (membership stays put until
 * the member reminders are written), and the quota must cover one occurrence for every member
 * the chain reaches, before anything is written (group_over_quota, 403 or 402 as the other quota
 * refusals). Then the group reminder and one member reminder per member are written together.
 */
export async function createReminder(actor: Actor, body: ReminderBody, now = new Date()) {
  return db.transaction(async (tx) => {
    const locked = await lockActorWorkspace(tx, actor);
    const workspaceId = locked.workspace.id;
    // A contact's reminder: the quota is the first rule. A group's needs the group's reach first.
    if (!body.groupId) await assertReminderQuota(locked.workspace, tx, usageUnits(body.deliveryMethod));
    const resolved = await resolveReminderInput(tx, locked, body, now);
    const { group } = resolved;
    if (group)
      await assertReminderQuota(locked.workspace, tx, group.units, {
        problem: GROUP_OVER_QUOTA,
        details: { members: group.reachable },
      });
    const [row] = await tx
      .insert(reminders)
      .values({
        workspaceId,
        status: "scheduled",
        createdBy: actor.user.id,
        updatedBy: actor.user.id,
        ...reminderColumns(body, resolved),
      })
      .returning();
    const synced = group ? await syncGroupReminders(tx, { workspaceId, reminderId: row.id }, now) : null;
    await emitWebhookEvent(tx, {
      workspaceId,
      actor,
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
    await recordWorkspaceEvent(tx, workspaceId, actor, {
      kind: "reminder.created",
      subjectId: row.id,
      details: { recipient: resolved.contact?.name ?? group?.name ?? null, channel: row.deliveryMethod },
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
