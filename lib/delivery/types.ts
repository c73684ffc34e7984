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
  /** The address was refused for good by its mail server (SMTP 5xx) earlier. */
  emailSuppressed: boolean;
  unsubscribeToken: string;
  senderName: string;
  /** The user's own address: replies to an e-mail reminder go to them. */
  senderEmail: string;
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
