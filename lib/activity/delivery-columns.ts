import "server-only";
import { contacts, deliveries } from "@/db/schema";

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
  confirmation: deliveries.confirmation,
  snoozedFromId: deliveries.snoozedFromId,
  extra: deliveries.extra,
};
