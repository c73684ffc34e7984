import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { contactGroupMembers, contacts, reminders } from "@/db/schema";
import type { Transaction } from "@/lib/db";
import { recipientTimeZone } from "@/lib/contacts/recipient-time-zone";
import { formatCivilDateTime, localToUtc, nextOccurrence, utcToLocal } from "@/lib/recurrence";
import { scheduleColumns, scheduleFromRow, type ReminderRow } from "@/lib/recurrence/schedule-from-row";

/** Member reminders written per statement: a 20,000-member group is 20 short statements. */
const CHUNK = 1000;

export interface GroupSyncTarget {
  workspaceId: string;
  /** Every live group reminder of this group (after its membership changed). */
  groupId?: string;
  /** One group reminder (after it was created or edited). */
  reminderId?: string;
  /**
   * Also rewrite every live member reminder from the group reminder (message, channels,
   * schedule, zone): after an edit of the group reminder.
   */
  reschedule?: boolean;
}

export interface GroupSyncResult {
  /** Member reminders created or taken up again (a member who left and came back). */
  added: number;
  /** Member reminders stopped because their contact left the group. */
  stopped: number;
}

interface Member {
  id: string;
  timezone: string | null;
  phone: string | null;
}

/** The member's zone for this group reminder: their own clock, or the sender's shared instant. */
function memberZone(parent: ReminderRow, member: Member, ownerZone: string): string {
  return parent.groupTiming === "local_time" ? recipientTimeZone(member, ownerZone) : parent.timezone;
}

/**
 * The member's schedule: the group reminder's wall time in the member's zone. A one-off whose
 * wall time has already passed there is due at once (the engine sends it on its next pass);
 * null when a recurring schedule has nothing left.
 */
function memberSchedule(parent: ReminderRow, zone: string, now: Date) {
  if (parent.scheduleType === "once") {
    const wall = formatCivilDateTime(utcToLocal((parent.scheduledFor ?? now).getTime(), parent.timezone));
    const due = localToUtc(wall, zone);
    const schedule = scheduleFromRow({ ...parent, scheduledFor: due, timezone: zone });
    return { columns: scheduleColumns(schedule, due), nextRunAt: due };
  }
  const schedule = scheduleFromRow({ ...parent, timezone: zone });
  const next = nextOccurrence(schedule, now, parent.occurrencesSent);
  if (!next) return null;
  return { columns: scheduleColumns(schedule, next), nextRunAt: next };
}

/** What a member reminder copies from its group reminder, besides the schedule. */
function sharedColumns(parent: ReminderRow) {
  return {
    workspaceId: parent.workspaceId,
    parentReminderId: parent.id,
    recipient: "contact",
    type: parent.type,
    message: parent.message,
    mediaId: parent.mediaId,
    deliveryMethod: parent.deliveryMethod,
    askConfirmation: parent.askConfirmation,
    followUpMinutes: parent.followUpMinutes,
    fallbackChannels: parent.fallbackChannels,
    fallbackWaitMinutes: parent.fallbackWaitMinutes,
  };
}

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

async function syncOne(
  tx: Transaction,
  parent: ReminderRow,
  ownerZone: string,
  reschedule: boolean,
  now: Date,
): Promise<GroupSyncResult> {
  const members: Member[] = await tx
    .select({ id: contacts.id, timezone: contacts.timezone, phone: contacts.phone })
    .from(contactGroupMembers)
    .innerJoin(contacts, eq(contacts.id, contactGroupMembers.contactId))
    .where(eq(contactGroupMembers.groupId, parent.groupId ?? ""));
  const children = await tx
    .select({ id: reminders.id, contactId: reminders.contactId, status: reminders.status })
    .from(reminders)
    .where(eq(reminders.parentReminderId, parent.id));
  const memberIds = new Set(members.map((m) => m.id));
  const childOf = new Map(children.map((c) => [c.contactId, c]));

  const stop = children.filter((c) => c.status === "scheduled" && !memberIds.has(c.contactId ?? ""));
  for (const part of chunks(stop)) {
    await tx
      .update(reminders)
      .set({ status: "cancelled", cancelledAt: now, nextRunAt: null, updatedAt: now })
      .where(
        inArray(
          reminders.id,
          part.map((c) => c.id),
        ),
      );
  }

  const shared = sharedColumns(parent);
  const inserts: (typeof reminders.$inferInsert)[] = [];
  const rewrites: { id: string; values: Partial<typeof reminders.$inferInsert> }[] = [];
  let revived = 0;
  for (const member of members) {
    const child = childOf.get(member.id);
    // A live member reminder stays as it is, unless the group reminder was edited.
    if (child?.status === "scheduled" && !reschedule) continue;
    // One that ran its course (a one-off sent) is not sent again.
    if (child && child.status !== "scheduled" && child.status !== "cancelled") continue;
    const zone = memberZone(parent, member, ownerZone);
    const schedule = memberSchedule(parent, zone, now);
    if (!schedule) continue;
    const values = { ...shared, ...schedule.columns, nextRunAt: schedule.nextRunAt, status: "scheduled" };
    if (child) {
      if (child.status === "cancelled") revived += 1;
      rewrites.push({
        id: child.id,
        values: { ...values, cancelledAt: null, occurrencesSent: parent.occurrencesSent, updatedAt: now },
      });
    } else {
      inserts.push({ ...values, contactId: member.id, occurrencesSent: parent.occurrencesSent });
    }
  }
  for (const part of chunks(inserts)) {
    // A concurrent sync of the same member inserted it first: the unique key keeps one.
    await tx.insert(reminders).values(part).onConflictDoNothing();
  }
  for (const { id, values } of rewrites) {
    await tx.update(reminders).set(values).where(eq(reminders.id, id));
  }
  return { added: inserts.length + revived, stopped: stop.length };
}

/**
 * Brings the member reminders of live group reminders in line with their groups, in the
 * caller's transaction: a member without one gets one (due at the group reminder's next
 * occurrence in the member's zone, so a member who joins later receives later occurrences),
 * a member reminder whose contact left is stopped (its history stays), and with `reschedule`
 * every live member reminder is rewritten from its group reminder. The group reminders are
 * locked first, so concurrent syncs of one group reminder take turns.
 */
export async function syncGroupReminders(
  tx: Transaction,
  target: GroupSyncTarget,
  now = new Date(),
): Promise<GroupSyncResult> {
  const conditions = [
    eq(reminders.workspaceId, target.workspaceId),
    eq(reminders.recipient, "group"),
    eq(reminders.status, "scheduled"),
  ];
  if (target.groupId) conditions.push(eq(reminders.groupId, target.groupId));
  if (target.reminderId) conditions.push(eq(reminders.id, target.reminderId));
  const parents = await tx
    .select()
    .from(reminders)
    .where(and(...conditions))
    .orderBy(reminders.id)
    // NO KEY UPDATE: the engine's inserts that reference this reminder (a group occurrence's
    // hold, a fallback step) take KEY SHARE on it and must not wait behind this lock while
    // this transaction waits for member reminders that engine batch holds.
    .for("no key update");
  if (parents.length === 0) return { added: 0, stopped: 0 };
  const total: GroupSyncResult = { added: 0, stopped: 0 };
  for (const parent of parents) {
    // A member without a zone of their own keeps the group reminder's: its creator's at the time.
    const result = await syncOne(tx, parent, parent.timezone, target.reschedule ?? false, now);
    total.added += result.added;
    total.stopped += result.stopped;
  }
  return total;
}

/** Stops every live member reminder of a group reminder (it was cancelled), in the caller's transaction. */
export async function stopMemberReminders(tx: Transaction, parentId: string, now = new Date()) {
  await tx
    .update(reminders)
    .set({ status: "cancelled", cancelledAt: now, nextRunAt: null, updatedAt: now })
    .where(and(eq(reminders.parentReminderId, parentId), eq(reminders.status, "scheduled")));
}
