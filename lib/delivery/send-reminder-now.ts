import "server-only";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { deliveries, reminders } from "@/db/schema";
import type { SendNowMode } from "@/db/schema/enums";
import { db, pool } from "@/lib/db";
import { compileStatement } from "@/lib/db/compile-statement";
import { drizzleOnClient } from "@/lib/db/drizzle-on-client";
import { notFound } from "@/lib/errors/domain-error";
import { deliveryTranslator } from "@/lib/messages/render-message";
import type { Actor } from "@/lib/workspaces/actor";
import { recordWorkspaceEvent } from "@/lib/workspaces/record-workspace-event";
import { EXTRA_SEND_WINDOW_MS } from "./constants";
import { LEAD_PERSON, PEOPLE_JOIN, r } from "./leased-row";
import { sendOccurrenceNow } from "./send-occurrence-now";

let sendNowWorker: string | undefined;

/** The workspace's reminder and its lead person's language (the engine's reasons are in it). */
const FIND_REMINDER = compileStatement<{ id: string; workspaceId: string }, { locale: string }>(
  (p) => sql`select coalesce(${LEAD_PERSON.locale}, 'en') as locale from ${reminders} ${r} ${PEOPLE_JOIN}
    where ${r.id} = ${p.id} and ${r.workspaceId} = ${p.workspaceId}`,
);

/**
 * Send now: the reminder's pending occurrence goes through the engine's own pipeline
 * (delivery row, quiet hours, opt-out, usage, channel, outcome) synchronously, so it
 * cannot also be sent by a worker. A recurring reminder then moves to its next occurrence;
 * a one-time one ends sent or failed. Works for every channel (the UI offers it for SMS
 * and WhatsApp, and so does its route). Another workspace's reminder is a 404. The
 * workspace's trail records the send (`reminder.sent_now`, by `actor`) with the delivery.
 *
 * An occurrence sent ahead of its time stays the current one until that time: a second
 * Send now (concurrent or later) sends nothing more, answers with that occurrence's state,
 * and the next occurrence keeps its turn.
 *
 * Mode "extra" (the default for recurring reminders, chosen by the caller) sends a message
 * besides the schedule: the pending occurrence, its time and the count of occurrences sent stay
 * as they were. A second press within EXTRA_SEND_WINDOW_MS answers with the first one's state.
 * The answers this function writes itself are in the actor's language (else the reminder's lead
 * person's, as the engine's reasons are).
 */
export async function sendReminderNow({
  workspaceId,
  reminderId,
  mode = "occurrence",
  actor = null,
}: {
  workspaceId: string;
  reminderId: string;
  mode?: SendNowMode;
  actor?: Actor | null;
}): Promise<{ success: boolean; error?: string }> {
  const { rows } = await FIND_REMINDER.run(pool, { id: reminderId, workspaceId });
  if (!rows[0]) throw notFound({ code: "reminder_not_found", message: "Reminder not found" });
  const t = deliveryTranslator(actor?.user.locale ?? rows[0].locale);
  sendNowWorker ??= `send-now:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;
  const startedAt = new Date();
  const { outcomes } = await sendOccurrenceNow({
    workerId: sendNowWorker,
    reminderId,
    workspaceId,
    mode,
    onClaimed: (client, delivery) =>
      recordWorkspaceEvent(
        drizzleOnClient(client),
        workspaceId,
        actor,
        {
          kind: "reminder.sent_now",
          subjectId: reminderId,
          details: { recipient: delivery.contactName, channel: delivery.channel, mode },
        },
        startedAt,
      ),
  });
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
