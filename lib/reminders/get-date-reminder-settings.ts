import "server-only";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors/domain-error";
import type { DateReminderSettings } from "@/lib/validations/date-reminder";
import { liveDateReminders } from "./live-date-reminders";
import { ownContactDate } from "./own-contact-date";
import { REMINDER_NOT_FOUND } from "./find-own-reminder";

/**
 * GET /api/reminders/from-date?contactDateId=: the date's live yearly reminder as the dialog
 * edits it. Another user's date is a 404, and so is a date without a yearly reminder.
 */
export async function getDateReminderSettings(
  workspaceId: string,
  contactDateId: string,
): Promise<DateReminderSettings> {
  const { date } = await ownContactDate(db, workspaceId, contactDateId);
  const live = await liveDateReminders(db, date.id);
  const yearly = live.find((r) => r.recipient === "contact");
  if (!yearly) throw notFound(REMINDER_NOT_FOUND);
  return {
    reminderId: yearly.id,
    time: yearly.time ?? "09:00",
    message: yearly.message,
    leadDays: live.filter((r) => r.recipient === "owner").map((r) => r.leadDays ?? 0),
  };
}
