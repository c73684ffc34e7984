import "server-only";
import { and, eq } from "drizzle-orm";
import { reminders } from "@/db/schema";
import { conflict, notFound } from "@/lib/errors/domain-error";
import { db, type DbOrTx } from "@/lib/db";
import { MEMBER_REMINDER_READ_ONLY, REMINDER_NOT_FOUND } from "./find-own-reminder";

/**
 * The user's reminder as an edit may change it, or the refusal: only a scheduled one (sent,
 * failed and cancelled ones keep their history), and not a lead reminder (its day, zone and
 * recipient follow from the contact's date: changed there, or cancelled), nor a member reminder
 * (one member's share of a group reminder: the group reminder is edited). In a transaction the
 * row stays locked until it ends.
 */
export async function findEditableReminder(workspaceId: string, id: string, tx: DbOrTx = db) {
  const [existing] = await tx
    .select()
    .from(reminders)
    .where(and(eq(reminders.id, id), eq(reminders.workspaceId, workspaceId)))
    // NO KEY UPDATE, as syncGroupReminders locks group reminders (its comment says why).
    .for("no key update");
  if (!existing) throw notFound(REMINDER_NOT_FOUND);
  if (existing.status !== "scheduled")
    throw conflict({ code: "reminder_not_scheduled", message: "Only scheduled reminders can be edited" });
  if (existing.parentReminderId) throw conflict(MEMBER_REMINDER_READ_ONLY);
  if (existing.recipient === "owner")
    throw conflict({ code: "lead_reminder_not_editable", message: "A lead reminder cannot be edited" });
  return existing;
}
