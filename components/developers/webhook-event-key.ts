/** A message key for an event type: its dot becomes an underscore (keys cannot hold dots). */
export function eventKey(type: string) {
  return type.replace(".", "_") as
    | "delivery_sent"
    | "delivery_delivered"
    | "delivery_failed"
    | "delivery_played"
    | "reply_confirmed"
    | "reply_declined"
    | "reply_snoozed"
    | "contact_opted_out"
    | "contact_opted_in"
    | "contact_preferences_changed"
    | "reminder_created"
    | "reminder_cancelled"
    | "reminder_restored"
    | "webhook_test";
}
