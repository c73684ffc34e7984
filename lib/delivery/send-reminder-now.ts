import { and, eq } from "drizzle-orm";
import { reminders, users } from "@/db/schema";
import { db } from "@/lib/db";
import { notFound } from "@/lib/api/errors";
import { deliveryTranslator } from "./render-message";
import { runBatch } from "./run-batch";

let sendNowWorker: string | undefined;

/**
 * Send now: the reminder's pending occurrence goes through the engine's own pipeline
 * (delivery row, quiet hours, opt-out, usage, channel, outcome) synchronously, so it
 * cannot also be sent by a worker. A recurring reminder then moves to its next occurrence;
 * a one-time one ends sent or failed. Works for every channel (the UI offers it for SMS
 * and WhatsApp, as SPEC says). Another user's reminder is a 404.
 */
export async function sendReminderNow({
  userId,
  reminderId,
}: {
  userId: string;
  reminderId: string;
}): Promise<{ success: boolean; error?: string }> {
  const [reminder] = await db
    .select({ id: reminders.id, locale: users.locale })
    .from(reminders)
    .innerJoin(users, eq(users.id, reminders.userId))
    .where(and(eq(reminders.id, reminderId), eq(reminders.userId, userId)));
  if (!reminder) throw notFound({ code: "reminder_not_found", message: "Reminder not found" });
  sendNowWorker ??= `send-now:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;
  const { outcomes } = await runBatch({ workerId: sendNowWorker, reminderId, userId, limit: 1 });
  const outcome = outcomes[0]?.outcome;
  if (!outcome) return { success: false, error: deliveryTranslator(reminder.locale)("errors.notScheduled") };
  // Held (quiet hours) and retry-later are not a success yet: the error says what happens next.
  return outcome.kind === "sent" ? { success: true } : { success: false, error: outcome.error };
}
