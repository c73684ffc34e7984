import "server-only";
import { and, eq } from "drizzle-orm";
import { reminders } from "@/db/schema";
import { conflict, notFound } from "@/lib/errors/domain-error";
import { db } from "@/lib/db";
import type { User } from "@/db/schema";
import type { ReminderBody } from "@/lib/validations/reminder";
import { resolveReminderInput } from "./resolve-reminder-input";
import { toReminderDto } from "./to-reminder-dto";
import { confirmationColumns } from "./confirmation-columns";
import { scheduleColumns } from "@/lib/recurrence/schedule-from-row";

export const REMINDER_NOT_FOUND = { code: "reminder_not_found", message: "Reminder not found" } as const;

/**
 * PUT /api/reminders/{id}: the same rules as create, in the user's current timezone; the
 * next due time is recomputed and occurrencesSent kept (an 'after N' budget stays honest).
 * Only scheduled reminders can be edited: sent, failed and cancelled ones keep their history.
 */
export async function updateReminder(user: User, id: string, body: ReminderBody, now = new Date()) {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(reminders)
      .where(and(eq(reminders.id, id), eq(reminders.userId, user.id)))
      .for("update");
    if (!existing) throw notFound(REMINDER_NOT_FOUND);
    if (existing.status !== "scheduled")
      throw conflict({ code: "reminder_not_scheduled", message: "Only scheduled reminders can be edited" });
    // Its day, zone and recipient follow from the contact's date: changed there, or cancelled.
    if (existing.recipient === "owner")
      throw conflict({ code: "lead_reminder_not_editable", message: "A lead reminder cannot be edited" });
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
        message: body.type === "text" ? (body.message?.trim() ?? null) : null,
        deliveryMethod: body.deliveryMethod,
        ...scheduleColumns(resolved.schedule, resolved.scheduledFor),
        nextRunAt: resolved.nextRunAt,
        ...confirmationColumns(body),
        lastError: null,
      })
      .where(eq(reminders.id, id))
      .returning();
    return toReminderDto(row, resolved.contact.name);
  });
}
