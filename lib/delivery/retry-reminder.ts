import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { contacts, deliveries, reminders } from "@/db/schema";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors/domain-error";
import { deliveryTranslator } from "@/lib/messages/render-message";
import type { Actor } from "@/lib/workspaces/actor";
import { recordWorkspaceEvent } from "@/lib/workspaces/record-workspace-event";
import { LEAD_PERSON, PEOPLE_JOIN, r } from "./leased-row";

/**
 * Retry: the reminder's latest failed occurrence is queued again as a first attempt (it
 * reserves usage again, its refund having been given back) and the engine sends it within
 * moments (the deliveries trigger wakes it). A one-time reminder goes back to 'scheduled'
 * until that attempt ends. Another workspace's reminder is a 404. The workspace's trail records
 * it (`reminder.retried`, by `actor`) in the same transaction. The answers are in the actor's
 * language (else the reminder's lead person's).
 */
export async function retryReminder({
  workspaceId,
  reminderId,
  actor = null,
}: {
  workspaceId: string;
  reminderId: string;
  actor?: Actor | null;
}): Promise<{ success: boolean; error?: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: reminders.status })
      .from(reminders)
      .where(and(eq(reminders.id, reminderId), eq(reminders.workspaceId, workspaceId)))
      .for("update");
    if (!row) throw notFound({ code: "reminder_not_found", message: "Reminder not found" });
    const locale =
      actor?.user.locale ??
      (
        await tx.execute<{ locale: string }>(
          sql`select coalesce(${LEAD_PERSON.locale}, 'en') as locale from ${reminders} ${r} ${PEOPLE_JOIN}
            where ${r.id} = ${reminderId}`,
        )
      ).rows[0]?.locale;
    const t = deliveryTranslator(locale ?? "en");
    const [failed] = await tx
      .select({
        id: deliveries.id,
        channel: deliveries.channel,
        contactName: contacts.name,
        optedOut: {
          email: contacts.emailOptOut,
          sms: contacts.smsOptOut,
          whatsapp: contacts.whatsappOptOut,
          call: contacts.callOptOut,
        },
      })
      .from(deliveries)
      .innerJoin(contacts, eq(contacts.id, deliveries.contactId))
      .where(and(eq(deliveries.reminderId, reminderId), eq(deliveries.status, "failed")))
      // The occurrence's last step: where its fallback chain ended.
      .orderBy(desc(deliveries.occurrenceAt), desc(deliveries.fallbackStep))
      .limit(1);
    if (!failed || row.status === "cancelled") return { success: false, error: t("errors.notFailed") };
    // Retrying while the contact is still opted out would only fail again: say so instead.
    if (failed.optedOut[failed.channel as keyof typeof failed.optedOut]) {
      return { success: false, error: t("errors.optedOut", { channel: failed.channel }) };
    }
    const now = new Date();
    await tx
      .update(deliveries)
      .set({
        status: "queued",
        attemptCount: 0,
        nextAttemptAt: now,
        error: null,
        errorCode: null,
        updatedAt: now,
      })
      .where(eq(deliveries.id, failed.id));
    await tx
      .update(reminders)
      .set({ status: "scheduled", lastError: null, updatedAt: now })
      .where(eq(reminders.id, reminderId));
    await recordWorkspaceEvent(
      tx,
      workspaceId,
      actor,
      {
        kind: "reminder.retried",
        subjectId: reminderId,
        details: { recipient: failed.contactName, channel: failed.channel },
      },
      now,
    );
    return { success: true };
  });
}
