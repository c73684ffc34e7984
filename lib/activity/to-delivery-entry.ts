import "server-only";
import type { CallOutcome, ConfirmationState, DeliveryMethod, DeliveryStatus } from "@/db/schema/enums";
import { failureReason, SKIP_CODES, type FailureReason } from "@/lib/channels/failure-reasons";

/** What the history and activity screens show for a delivery status. */
export type DisplayStatus = DeliveryStatus | "skipped";

export interface DeliveryRow {
  id: number;
  reminderId: string;
  contactId: string;
  contactName: string | null;
  email: string | null;
  phone: string | null;
  occurrenceAt: Date;
  channel: string;
  /** The step's own channel when the contact's choices sent it by `channel` instead. */
  requestedChannel: string | null;
  status: string;
  error: string | null;
  errorCode: string | null;
  attemptCount: number;
  nextAttemptAt: Date | null;
  firstAttemptAt: Date | null;
  lastAttemptAt: Date | null;
  sentAt: Date | null;
  deliveredAt: Date | null;
  playedAt: Date | null;
  playbackRevokedAt: Date | null;
  hasMedia: boolean;
  confirmation: string | null;
  snoozedFromId: number | null;
  extra: boolean;
  callOutcome: string | null;
  /** Calls: the calls placed so far; null on other channels. */
  callsPlaced: number | null;
}

const iso = (value: Date | null) => value?.toISOString() ?? null;

/**
 * One delivery as the API returns it: the address it goes to (the contact's, by channel),
 * the status to show (a refusal decided before any send is 'skipped'), the release time of a
 * held SMS, the failure reason in catalogue terms next to the provider's own words, and for a
 * call how it ended (answered or left on voicemail) and how many calls were placed.
 */
export function toDeliveryEntry(row: DeliveryRow) {
  const channel = row.channel as DeliveryMethod;
  // A held row explains itself only when the contact's hours hold it (quiet hours need no reason).
  const explained =
    row.status === "failed" ||
    row.status === "queued" ||
    (row.status === "held" && row.errorCode === "contact_window");
  const reason: FailureReason | null = explained ? failureReason(channel, row.errorCode) : null;
  const skipped = row.status === "failed" && reason !== null && SKIP_CODES.has(reason.code);
  return {
    id: row.id,
    reminderId: row.reminderId,
    contactId: row.contactId,
    contactName: row.contactName,
    channel,
    /** Set when the contact's choices sent it by `channel` rather than the reminder's own channel. */
    requestedChannel: (row.requestedChannel ?? null) as DeliveryMethod | null,
    recipient: (channel === "email" ? row.email : row.phone) ?? null,
    occurrenceAt: row.occurrenceAt.toISOString(),
    status: (skipped ? "skipped" : row.status) as DisplayStatus,
    /** Held (quiet hours, the contact's hours): when it will be sent. Queued after an error: the next attempt. */
    nextAttemptAt: iso(row.nextAttemptAt),
    attemptCount: row.attemptCount,
    firstAttemptAt: iso(row.firstAttemptAt),
    lastAttemptAt: iso(row.lastAttemptAt),
    sentAt: iso(row.sentAt),
    deliveredAt: iso(row.deliveredAt),
    /** Voice and video: when the recipient first played the clip on its playback page. */
    playedAt: iso(row.playedAt),
    /** Voice and video once sent: whether its playback link still works or was withdrawn. */
    playback: (row.hasMedia && row.sentAt ? (row.playbackRevokedAt ? "revoked" : "active") : null) as
      "active" | "revoked" | null,
    /** The provider's (or engine's) own words, untranslated. */
    providerMessage: row.error,
    reason,
    /** Asked for a confirmation: awaiting, confirmed, declined or snoozed (null: not asked). */
    confirmation: row.confirmation as ConfirmationState | null,
    /** Sent again after a LATER reply to this earlier delivery. */
    snoozedFromId: row.snoozedFromId,
    /** A Send now extra message, sent besides the schedule (its occurrence is when it was sent). */
    extra: row.extra,
    /** A call that completed: taken by a person ('answered') or left on voicemail; else null. */
    callOutcome: channel === "call" ? (row.callOutcome as CallOutcome | null) : null,
    /** A call: the calls placed (the first and each retry after no answer); null on other channels. */
    callsPlaced: channel === "call" ? (row.callsPlaced ?? 0) : null,
  };
}

export type DeliveryEntry = ReturnType<typeof toDeliveryEntry>;
