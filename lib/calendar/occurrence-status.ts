/** Where an occurrence stands: to go out (or going out now), gone out, or failed. */
export const OCCURRENCE_STATUSES = ["scheduled", "sent", "failed"] as const;
export type OccurrenceStatus = (typeof OCCURRENCE_STATUSES)[number];

/** A delivery's status as the calendar shows it: queued, held and sending are still to go out. */
export const occurrenceStatus = (deliveryStatus: string): OccurrenceStatus =>
  deliveryStatus === "sent" || deliveryStatus === "delivered"
    ? "sent"
    : deliveryStatus === "failed"
      ? "failed"
      : "scheduled";
