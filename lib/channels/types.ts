import type { DeliveryMethod } from "@/db/schema/enums";

/** One message ready to leave, whatever the channel. */
export interface OutgoingMessage {
  channel: DeliveryMethod;
  /** E-mail address or E.164 phone number (without the `whatsapp:` prefix). */
  to: string;
  /** Display name of the sender, e.g. 'Ana via Remindful' (e-mail only). */
  fromName?: string;
  /** Where replies go (e-mail only): the user who set the reminder. */
  replyTo?: string;
  subject?: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  /** Stable per delivery, so a re-sent occurrence can be recognised (Message-ID for e-mail). */
  idempotencyKey: string;
}

export interface SendResult {
  providerMessageId: string;
  outbox: boolean;
}

export interface Channel {
  send(message: OutgoingMessage): Promise<SendResult>;
}

/**
 * A failed send. `transient` ones (network, timeout, 429, 5xx) are retried with backoff;
 * the others (invalid number, rejected address, other 4xx) fail at once.
 */
export class ChannelError extends Error {
  constructor(
    message: string,
    readonly transient: boolean,
    readonly code?: string,
  ) {
    super(message);
    this.name = "ChannelError";
  }
}
