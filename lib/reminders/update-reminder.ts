import "server-only";
import { eq } from "drizzle-orm";
import { reminders, type Workspace } from "@/db/schema";
import { conflict } from "@/lib/errors/domain-error";
import type { Problem } from "@/lib/errors/error-codes";
import { db, type Transaction } from "@/lib/db";
import type { DeliveryMethod } from "@/db/schema/enums";
import type { ReminderBody } from "@/lib/validations/reminder";
import { assertReminderQuota, GROUP_OVER_QUOTA } from "./assert-reminder-quota";
import { findEditableReminder } from "./find-editable-reminder";
import { memberCountSql } from "./group-columns";
import { lockGroupRow, readGroupReach, type ReminderGroup } from "./lock-reminder-group";
import { usageUnits } from "@/lib/plans/usage-units";
import { reminderColumns } from "./reminder-columns";
import { resolveReminderInput } from "./resolve-reminder-input";
import { syncGroupReminders } from "./sync-group-reminders";
import { reminderAuthorship } from "./reminder-authorship";
import { toReminderDto } from "./to-reminder-dto";
import type { Actor } from "@/lib/workspaces/actor";
import { lockActorWorkspace } from "@/lib/workspaces/lock-workspace";
import { recordWorkspaceEvent } from "@/lib/workspaces/record-workspace-event";

export const RECIPIENT_FIXED = {
  code: "reminder_recipient_fixed",
  message:
    "A reminder to a contact cannot become a group reminder, nor the other way round: create a new reminder instead.",
} as const satisfies Problem;

async function memberCountOf(tx: Transaction, id: string): Promise<number> {
  const [row] = await tx.select({ count: memberCountSql() }).from(reminders).where(eq(reminders.id, id));
  return row?.count ?? 0;
}

type Existing = Awaited<ReturnType<typeof findEditableReminder>>;

/**
 * An edit needs more of the quota only for what it adds: a reminder becoming a call, the sends a
 * call takes beyond the one it held; a group reminder, the units one occurrence of the edited
 * group and chain takes beyond those of the group and chain it had (its members hold theirs).
 */
async function assertEditQuota(
  tx: Transaction,
  workspace: Workspace,
  existing: Existing,
  body: ReminderBody,
  group: ReminderGroup | null,
) {
  if (!group) {
    const more = usageUnits(body.deliveryMethod) - usageUnits(existing.deliveryMethod as DeliveryMethod);
    if (more > 0) await assertReminderQuota(workspace, tx, more);
    return;
  }
  const before = await readGroupReach(tx, existing.groupId ?? "", [
    existing.deliveryMethod,
    ...existing.fallbackChannels,
  ] as DeliveryMethod[]);
  if (group.units > before.units)
    await assertReminderQuota(workspace, tx, group.units - before.units, {
      problem: GROUP_OVER_QUOTA,
      details: { members: group.reachable },
    });
}

/**
 * PUT /api/reminders/{id}: the same rules as create, in the user's current timezone; the
 * next due time is recomputed and occurrencesSent kept (an 'after N' budget stays honest).
 * Only scheduled reminders can be edited: sent, failed and cancelled ones keep their history;
 * a member reminder only through its group reminder. A reminder stays a contact's or a group's
 * (409 reminder_recipient_fixed). A group reminder may change group, timing, message, chain and
 * schedule: its member reminders are rewritten from it (joiners of a new group get one, members
 * who are not in it stop). The workspace row, then the group row, then the reminder are locked, the
 * order every writer of group reminders takes.
 */
export async function updateReminder(actor: Actor, id: string, body: ReminderBody, now = new Date()) {
  return db.transaction(async (tx) => {
    const locked = await lockActorWorkspace(tx, actor);
    const workspaceId = locked.workspace.id;
    if (body.groupId) await lockGroupRow(tx, workspaceId, body.groupId);
    const existing = await findEditableReminder(workspaceId, id, tx);
    if ((existing.recipient === "group") !== Boolean(body.groupId)) throw conflict(RECIPIENT_FIXED);
    const resolved = await resolveReminderInput(
      tx,
      locked,
      body,
      now,
      existing.occurrencesSent,
      existing.contactDateId,
    );
    await assertEditQuota(tx, locked.workspace, existing, body, resolved.group);
    const [row] = await tx
      .update(reminders)
      .set({ ...reminderColumns(body, resolved), lastError: null, updatedBy: actor.user.id })
      .where(eq(reminders.id, id))
      .returning();
    const { group } = resolved;
    if (group) await syncGroupReminders(tx, { workspaceId, reminderId: id, reschedule: true }, now);
    await recordWorkspaceEvent(tx, workspaceId, actor, {
      kind: "reminder.updated",
      subjectId: id,
      details: { recipient: resolved.contact?.name ?? group?.name ?? null, channel: row.deliveryMethod },
    });
    return toReminderDto(
      row,
      resolved.contact?.name ?? null,
      null,
      resolved.media,
      group ? { groupName: group.name, memberCount: await memberCountOf(tx, id) } : null,
      await reminderAuthorship(tx, row.id),
    );
  });
}
