import "server-only";
import type { reminders } from "@/db/schema";
import { scheduleColumns } from "@/lib/recurrence/schedule-from-row";
import type { ReminderBody } from "@/lib/validations/reminder";
import type { ResolvedReminder } from "./resolve-reminder-input";

/** The fallback chain's two columns: the channels, and each one's wait for a confirmation (0: none). */
export function fallbackColumns(body: Pick<ReminderBody, "fallback">) {
  return {
    fallbackChannels: body.fallback.map((step) => step.channel),
    fallbackWaitMinutes: body.fallback.map((step) => step.afterMinutes ?? 0),
  };
}

/**
 * What a create or an edit writes from a checked body: the recipient (a contact, or a group with
 * its timing: the same local time in each member's zone unless the body says the same instant),
 * the message, the chain and the schedule.
 */
export function reminderColumns(body: ReminderBody, resolved: ResolvedReminder) {
  return {
    recipient: resolved.group ? "group" : "contact",
    contactId: resolved.contact?.id ?? null,
    groupId: resolved.group?.id ?? null,
    groupTiming: resolved.group ? (body.groupTiming ?? "local_time") : null,
    type: body.type,
    message: body.message?.trim() || null,
    mediaId: resolved.media?.id ?? null,
    deliveryMethod: body.deliveryMethod,
    ...scheduleColumns(resolved.schedule, resolved.scheduledFor),
    nextRunAt: resolved.nextRunAt,
    askConfirmation: body.askConfirmation,
    followUpMinutes: body.followUpMinutes ?? null,
    ...fallbackColumns(body),
  } satisfies Partial<typeof reminders.$inferInsert>;
}
