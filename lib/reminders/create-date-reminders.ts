import "server-only";
import { reminders } from "@/db/schema";
import { conflict } from "@/lib/errors/domain-error";
import { db, type DbOrTx } from "@/lib/db";
import { firstOccurrence } from "@/lib/recurrence";
import type { DateReminderBody } from "@/lib/validations/date-reminder";
import { assertReminderQuota } from "./assert-reminder-quota";
import { liveDateReminders } from "./live-date-reminders";
import { planDateReminders, type PlannedDateReminder } from "./plan-date-reminders";
import { lockDateReminderWrite } from "./lock-date-reminder-write";
import { toReminderDto } from "./to-reminder-dto";
import { scheduleColumns } from "@/lib/recurrence/schedule-from-row";
import type { Actor } from "@/lib/workspaces/actor";
import { recordWorkspaceEvent } from "@/lib/workspaces/record-workspace-event";

export const YEARLY_REMINDER_EXISTS = {
  code: "yearly_reminder_exists",
  message: "This date already has a yearly reminder: edit it instead",
} as const;

/** The index that keeps one live reminder per contact date and recipient (see db/schema/reminders.ts). */
const ONE_PER_DATE_INDEX = "reminders_one_per_contact_date_idx";

function isDuplicateOfDate(error: unknown): boolean {
  const pg = ((error as { cause?: unknown })?.cause ?? error) as { code?: string; constraint?: string };
  return pg?.code === "23505" && pg.constraint === ONE_PER_DATE_INDEX;
}

/** Inserts one planned reminder of a date; a duplicate the index refuses is the 409 above. */
export async function insertDateReminder(
  tx: DbOrTx,
  actor: Actor,
  contactId: string,
  contactDateId: string,
  item: PlannedDateReminder,
  now: Date,
) {
  // A yearly date always has a next occurrence (29 February falls on the 28th otherwise).
  const next = firstOccurrence(item.schedule, now)!;
  try {
    const [row] = await tx
      .insert(reminders)
      .values({
        workspaceId: actor.workspace.id,
        contactId,
        createdBy: actor.user.id,
        updatedBy: actor.user.id,
        type: "text",
        message: item.message,
        status: "scheduled",
        deliveryMethod: item.deliveryMethod,
        ...scheduleColumns(item.schedule, next),
        nextRunAt: next,
        contactDateId,
        recipient: item.recipient,
        leadDays: item.leadDays,
      })
      .returning();
    return row;
  } catch (error) {
    if (isDuplicateOfDate(error)) throw conflict(YEARLY_REMINDER_EXISTS);
    throw error;
  }
}

/**
 * POST /api/reminders/from-date, in one transaction holding the workspace row locked:
 * - a yearly reminder to the contact on the date's month and day at `time`, in the contact's
 *   zone (chosen, else their phone's country's, else the user's), by the contact's channel;
 * - for each lead N, a yearly reminder to the user (recipient 'owner', by e-mail, in the user's
 *   zone) N days before the date at the same `time`.
 * A date that already has its yearly reminder is a 409 (`yearly_reminder_exists`: the card
 * offers to edit it); a lead the date already has is kept as it is, not made twice. Each new
 * one is a reminder for the plan's quota and is checked as it is added, so when the quota
 * runs out part way nothing at all is created. Another user's date is a 404.
 */
export async function createDateReminders(actor: Actor, body: DateReminderBody, now = new Date()) {
  return db.transaction(async (tx) => {
    const { workspace, date, contact } = await lockDateReminderWrite(tx, actor.workspace.id, body);
    // Two tabs at once queue on the workspace row above, so the second sees the first's reminders.
    const existing = await liveDateReminders(tx, date.id);
    if (existing.some((r) => r.recipient === "contact")) throw conflict(YEARLY_REMINDER_EXISTS);
    const leadsHeld = new Set(existing.map((r) => r.leadDays));
    const planned = planDateReminders(actor.user, date, contact, body).filter(
      (item) => item.leadDays === null || !leadsHeld.has(item.leadDays),
    );
    const created = [];
    for (const item of planned) {
      await assertReminderQuota(workspace, tx);
      const row = await insertDateReminder(tx, actor, contact.id, date.id, item, now);
      created.push(toReminderDto(row, contact.name));
    }
    if (created.length > 0)
      await recordWorkspaceEvent(tx, actor.workspace.id, actor, {
        kind: "reminder.created",
        subjectId: created[0].id,
        details: { contact: contact.name, dateReminders: created.length },
      });
    return created;
  });
}
