import "server-only";
import { sql } from "drizzle-orm";
import { contacts, deliveries, deliveryCalls, reminders } from "@/db/schema";

/** The columns `toDeliveryEntry` reads, for a select joined with the contact. */
export const deliveryColumns = {
  id: deliveries.id,
  reminderId: deliveries.reminderId,
  contactId: deliveries.contactId,
  contactName: contacts.name,
  email: contacts.email,
  phone: contacts.phone,
  occurrenceAt: deliveries.occurrenceAt,
  channel: deliveries.channel,
  requestedChannel: deliveries.requestedChannel,
  status: deliveries.status,
  error: deliveries.error,
  errorCode: deliveries.errorCode,
  attemptCount: deliveries.attemptCount,
  nextAttemptAt: deliveries.nextAttemptAt,
  firstAttemptAt: deliveries.firstAttemptAt,
  lastAttemptAt: deliveries.lastAttemptAt,
  sentAt: deliveries.sentAt,
  deliveredAt: deliveries.deliveredAt,
  playedAt: deliveries.playedAt,
  playbackRevokedAt: deliveries.playbackRevokedAt,
  // One primary-key lookup per row of a page: whether the delivery carried a clip's link.
  hasMedia: sql<boolean>`coalesce((select ${reminders.type} <> 'text' from ${reminders} where ${reminders.id} = ${deliveries.reminderId}), false)`,
  confirmation: deliveries.confirmation,
  snoozedFromId: deliveries.snoozedFromId,
  extra: deliveries.extra,
  callOutcome: deliveries.callOutcome,
  // A call delivery's calls placed (a retry places another): an index count per row of a page
  // (delivery_calls_delivery_idx); null on the other channels, which place none.
  callsPlaced: sql<
    number | null
  >`case when ${deliveries.channel} = 'call' then (select count(*)::int from ${deliveryCalls} where ${deliveryCalls.deliveryId} = ${deliveries.id}) end`,
};
