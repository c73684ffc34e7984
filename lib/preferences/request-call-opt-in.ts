import "server-only";
import type pg from "pg";
import { and, eq, gt, isNull } from "drizzle-orm";
import { consentRequests } from "@/db/schema";
import { CONSENT_CONFIRM_WORDS, CONSENT_REQUEST_HOURS } from "@/config/preferences";
import { getChannel } from "@/lib/channels/get-channel";
import { ChannelError } from "@/lib/channels/types";
import type { DbOrTx } from "@/lib/db";
import { drizzleOnClient } from "@/lib/db/drizzle-on-client";
import { conflict, unavailable } from "@/lib/errors/domain-error";
import { NOT_OPTED_OUT } from "./switch-changes";
import type { PreferencesSubject } from "./preferences-subject";
import { recordPreferencesChange } from "./record-preferences-change";
import { deliveryTranslator } from "@/lib/messages/render-message";
import { preferencesWords } from "./preferences-words";

const HOUR_MS = 3_600_000;

/** A request to take calls back that still waits for its reply, or null. */
export async function pendingCallRequest(
  tx: DbOrTx,
  contactId: string,
  now: Date,
): Promise<{ expiresAt: Date } | null> {
  const [row] = await tx
    .select({ expiresAt: consentRequests.expiresAt })
    .from(consentRequests)
    .where(
      and(
        eq(consentRequests.contactId, contactId),
        eq(consentRequests.channel, "call"),
        isNull(consentRequests.confirmedAt),
        gt(consentRequests.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * A contact who pressed 9 asks for calls again. A page cannot be the proof (calls go to a phone,
 * and whoever holds the link is not necessarily who answers it), so the number confirms: a text
 * message asks for a YES within CONSENT_REQUEST_HOURS, and a consent_requests row waits for that
 * reply (which the inbound webhook confirms), recorded as 'opt_in_requested'. The contact must
 * still accept SMS. While a request waits, asking again sends nothing more (null). The message
 * leaves through the SMS channel (the dev outbox without Twilio) before the transaction commits:
 * a refused send leaves no request behind.
 */
export async function requestCallOptIn(
  client: pg.PoolClient,
  subject: PreferencesSubject,
  now: Date,
): Promise<{ expiresAt: Date } | null> {
  if (!subject.optedOut.call || !subject.phone) throw conflict(NOT_OPTED_OUT);
  if (subject.optedOut.sms)
    throw conflict({
      code: "call_opt_in_needs_sms",
      message: "Calls are confirmed by SMS, which the contact left",
    });
  const tx = drizzleOnClient(client);
  if (await pendingCallRequest(tx, subject.contactId, now)) return null;
  // An expired request is replaced: the reply to an old message confirms nothing.
  await tx
    .delete(consentRequests)
    .where(
      and(
        eq(consentRequests.contactId, subject.contactId),
        eq(consentRequests.channel, "call"),
        isNull(consentRequests.confirmedAt),
      ),
    );
  const expiresAt = new Date(now.getTime() + CONSENT_REQUEST_HOURS * HOUR_MS);
  const [request] = await tx
    .insert(consentRequests)
    .values({
      workspaceId: subject.workspaceId,
      contactId: subject.contactId,
      channel: "call",
      phone: subject.phone,
      createdAt: now,
      expiresAt,
    })
    .returning({ id: consentRequests.id });
  const t = preferencesWords(subject.pageLocale);
  await recordPreferencesChange(
    client,
    subject,
    {
      change: "calls_requested",
      columns: {},
      changesPreferences: false,
      consent: [
        {
          change: "opt_in_requested",
          channel: "call",
          wording: t("optedOut.callConsent", { sender: subject.senderName }),
          details: { requestId: request.id, expiresAt: expiresAt.toISOString() },
        },
      ],
    },
    now,
  );
  try {
    await getChannel("sms").send({
      channel: "sms",
      to: subject.phone,
      // The words the confirming reply records as what the contact answered (confirm-consent-request.ts).
      text: deliveryTranslator(subject.pageLocale)("consent.requestSms", {
        word: CONSENT_CONFIRM_WORDS.call[subject.pageLocale],
        sender: subject.senderName,
      }),
      locale: subject.pageLocale,
      // Names no delivery: a status callback for it changes nothing (record-twilio-status.ts).
      idempotencyKey: `consent-request-${request.id}`,
      workspaceId: subject.workspaceId,
    });
  } catch (error) {
    if (error instanceof ChannelError)
      throw unavailable({
        code: "unavailable",
        message: `The confirming text message could not be sent: ${error.message}`,
      });
    throw error;
  }
  return { expiresAt };
}
