import "server-only";
import type { Actor } from "@/lib/workspaces/actor";
import { recordWorkspaceEvent } from "@/lib/workspaces/record-workspace-event";
import { and, eq } from "drizzle-orm";
import { reminders } from "@/db/schema";
import { notFound } from "@/lib/errors/domain-error";
import { db } from "@/lib/db";
import { firstOccurrence } from "@/lib/recurrence";
import { scheduleColumns } from "@/lib/recurrence/schedule-from-row";
import type { DateReminderBody } from "@/lib/validations/date-reminder";
import { assertReminderQuota } from "./assert-reminder-quota";
import { insertDateReminder } from "./create-date-reminders";
import { liveDateReminders } from "./live-date-reminders";
import { planDateReminders } from "./plan-date-reminders";
import { lockDateReminderWrite } from "./lock-date-reminder-write";
import { toReminderDto } from "./to-reminder-dto";
import { REMINDER_NOT_FOUND } from "./find-own-reminder";

const MS_PER_DAY = 86_400_000;

/**
 * PUT /api/reminders/from-date ("Edit yearly reminder"): the same body as the create, applied to
 * the date's live reminders in one transaction with the workspace row locked. The yearly reminder
 * takes the new time and message (in the contact's zone, as a new one would be); a lead still chosen takes
 * the new time, one newly chosen is added (checked against the quota), one no longer chosen is
 * cancelled as DELETE /api/reminders/{id} cancels. A date without its yearly reminder is a 404.
 * Returns the live reminders, the yearly one first.
 */
export async function updateDateReminders(actor: Actor, body: DateReminderBody, now = new Date()) {
  return db.transaction(async (tx) => {
    const { workspace, date, contact } = await lockDateReminderWrite(tx, actor.workspace.id, body);

    const existing = await liveDateReminders(tx, date.id, true);
    if (!existing.some((r) => r.recipient === "contact")) throw notFound(REMINDER_NOT_FOUND);
    const saved = [];
    for (const item of planDateReminders(actor.user, date, contact, body)) {
      const current = existing.find((r) => r.recipient === item.recipient && r.leadDays === item.leadDays);
      if (!current) {
        await assertReminderQuota(workspace, tx);
        saved.push(await insertDateReminder(tx, actor, contact.id, date.id, item, now));
        continue;
      }
      // This year's occurrence already sent (a time moved later on the day itself) is not sent again.
      const after = new Date(Math.max(now.getTime(), (current.lastSentAt?.getTime() ?? 0) + MS_PER_DAY));
      const next = firstOccurrence(item.schedule, after)!;
      const [row] = await tx
        .update(reminders)
        .set({
          message: item.message,
          deliveryMethod: item.deliveryMethod,
          ...scheduleColumns(item.schedule, next),
          nextRunAt: next,
          lastError: null,
          updatedBy: actor.user.id,
        })
        .where(eq(reminders.id, current.id))
        .returning();
      saved.push(row);
    }
    const chosen = new Set(body.leadDays);
    for (const lead of existing.filter((r) => r.recipient === "owner" && !chosen.has(r.leadDays ?? 0))) {
      await tx
        .update(reminders)
        .set({ status: "cancelled", cancelledAt: now, nextRunAt: null, updatedBy: actor.user.id })
        .where(and(eq(reminders.id, lead.id), eq(reminders.status, "scheduled")));
    }
    await recordWorkspaceEvent(tx, actor.workspace.id, actor, {
      kind: "reminder.updated",
      subjectId: saved[0]?.id ?? null,
      details: { contact: contact.name, dateReminders: saved.length },
    });
    return saved.map((row) => toReminderDto(row, contact.name));
  });
}
