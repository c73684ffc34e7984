import "server-only";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { deliveries, reminders, users } from "@/db/schema";
import type { SendNowMode } from "@/db/schema/enums";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors/domain-error";
import { deliveryTranslator } from "@/lib/messages/render-message";
import { EXTRA_SEND_WINDOW_MS } from "./constants";
import { sendOccurrenceNow } from "./send-occurrence-now";

let sendNowWorker: string | undefined;

/**
 * Send now: the reminder's pending occurrence goes through the engine's own pipeline
 * (delivery row, quiet hours, opt-out, usage, channel, outcome) synchronously, so it
 * cannot also be sent by a worker. A recurring reminder then moves to its next occurrence;
 * a one-time one ends sent or failed. Works for every channel (the UI offers it for SMS
 * and WhatsApp, and so does its route). Another user's reminder is a 404.
 *
 * An occurrence sent ahead of its time stays the current one until that time: a second
 * Send now (concurrent or later) sends nothing more, answers with that occurrence's state,
 * and the next occurrence keeps its turn.
 *
 * Mode "extra" (the default for recurring reminders, chosen by the caller) sends a message
 * besides the schedule: the pending occurrence, its time and the count of occurrences sent stay
 * as they were. A second press within EXTRA_SEND_WINDOW_MS answers with the first one's state.
 */
export async function sendReminderNow({
  userId,
  reminderId,
  mode = "occurrence",
}: {
  userId: string;
  reminderId: string;
  mode?: SendNowMode;
}): Promise<{ success: boolean; error?: string }> {
  const [reminder] = await db
    .select({ id: reminders.id, locale: users.locale })
    .from(reminders)
    .innerJoin(users, eq(users.id, reminders.userId))
    .where(and(eq(reminders.id, reminderId), eq(reminders.userId, userId)));
  if (!reminder) throw notFound({ code: "reminder_not_found", message: "Reminder not found" });
  const t = deliveryTranslator(reminder.locale);
  sendNowWorker ??= `send-now:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;
  const startedAt = new Date();
  const { outcomes } = await sendOccurrenceNow({ workerId: sendNowWorker, reminderId, userId, mode });
  const outcome = outcomes[0]?.outcome;
  if (!outcome) {
    const earlier =
      mode === "extra"
        ? and(
            eq(deliveries.extra, true),
            gt(deliveries.createdAt, new Date(startedAt.getTime() - EXTRA_SEND_WINDOW_MS)),
          )
        : and(
            gt(deliveries.occurrenceAt, startedAt),
            isNull(deliveries.snoozedFromId),
            eq(deliveries.extra, false),
          );
    const [ahead] = await db
      .select({ status: deliveries.status, error: deliveries.error })
      .from(deliveries)
      .where(and(eq(deliveries.reminderId, reminderId), earlier))
      .orderBy(desc(deliveries.occurrenceAt))
      .limit(1);
    if (!ahead) return { success: false, error: t("errors.notScheduled") };
    if (ahead.status === "sent" || ahead.status === "delivered") return { success: true };
    if (ahead.status === "failed") return { success: false, error: ahead.error ?? undefined };
    return { success: false, error: t("errors.alreadySending") };
  }
  // Held (quiet hours), paced and retry-later are not a success yet: the error says what happens next.
  if (outcome.kind === "sent") return { success: true };
  if (outcome.kind === "paced")
    return { success: false, error: t("errors.paced", { time: outcome.at.toISOString() }) };
  return { success: false, error: outcome.error };
}
