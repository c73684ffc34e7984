import "server-only";
import type { DeliveryEntry } from "@/lib/activity/to-delivery-entry";

/**
 * A delivery as /api/v1 answers it: its id (and the one it was snoozed from) as a string, the
 * type every id in the API and in webhook payloads (`deliveryId`) has.
 */
export function v1Delivery(entry: DeliveryEntry) {
  return {
    ...entry,
    id: String(entry.id),
    snoozedFromId: entry.snoozedFromId === null ? null : String(entry.snoozedFromId),
  };
}
