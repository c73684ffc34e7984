import type { DeliveryMethod } from "@/db/schema/enums";

/** A delivery this worker holds the lease on, with what it needs to send it. */
export interface LeasedDelivery {
  id: number;
  reminderId: string;
  userId: string;
  channel: DeliveryMethod;
  occurrenceAt: Date;
  attemptCount: number;
  reminderStatus: string;
  message: string | null;
  contactName: string;
  email: string | null;
  phone: string | null;
  contactTimezone: string | null;
  emailOptOut: boolean;
  smsOptOut: boolean;
  whatsappOptOut: boolean;
  /** When the recipient gave their WhatsApp opt-in; null: no WhatsApp send. */
  whatsappConsentAt: Date | null;
  unsubscribeToken: string;
  senderName: string;
  locale: string;
  userTimezone: string;
}

export type Outcome =
  | { kind: "sent"; providerMessageId: string }
  | { kind: "retry"; error: string; code?: string; at: Date }
  | { kind: "failed"; error: string; code?: string; refund: boolean }
  | { kind: "held"; until: Date; error: string };

export interface DecidedDelivery {
  delivery: LeasedDelivery;
  outcome: Outcome;
}
