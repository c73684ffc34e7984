import "server-only";
import type { DeliveryMethod } from "@/db/schema/enums";
import type { DbOrTx } from "@/lib/db";
import type { CallScript } from "./call-twiml";
import type { MediaTemplateVariables, TemplateVariables } from "./whatsapp-template";

/** One message ready to leave, whatever the channel. */
export interface OutgoingMessage {
  channel: DeliveryMethod;
  /** E-mail address or E.164 phone number (without the `whatsapp:` prefix). */
  to: string;
  /** Display name of the sender, e.g. 'Ana via Remindful' (e-mail only). */
  fromName?: string;
  /** Where replies go (e-mail only): the reminder's lead person (its creator while a member, else the owner). */
  replyTo?: string;
  subject?: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  /** Language of the message's fixed lines; picks the WhatsApp template. */
  locale?: string;
  /** WhatsApp: the approved template's variables ({{1}} sender, {{2}} message), sanitised. */
  templateVariables?: TemplateVariables;
  /**
   * WhatsApp, a video of at most 16 MB: the media-header template's variables ({{3}} the video's
   * path). Used when that template is configured for the language, else the text template goes
   * with the link in its message.
   */
  mediaTemplateVariables?: MediaTemplateVariables;
  /** A call: what it says (the TwiML answered when it connects is made from this). */
  call?: CallScript;
  /** SMS and WhatsApp: ask for a YES, NO or LATER reply (WhatsApp: the quick-reply template). */
  askConfirmation?: boolean;
  /** Stable per delivery, so a re-sent occurrence can be recognised (Message-ID for e-mail). */
  idempotencyKey: string;
  /** The workspace whose reminder this is: its copy in the dev outbox names it. */
  workspaceId?: string;
}

export interface SendResult {
  providerMessageId: string;
  outbox: boolean;
}

export interface Channel {
  /**
   * `outbox`: where a dev outbox copy is written (the caller's transaction, which the engine also
   * records the send's outcome in); the app's database otherwise.
   */
  send(message: OutgoingMessage, outbox?: DbOrTx): Promise<SendResult>;
  /**
   * After an ambiguous attempt: the provider's id of a message this delivery already left as,
   * or null when the provider has none. Channels without a lookup (SMTP) leave it out.
   */
  find?(
    message: OutgoingMessage,
    since: Date,
    taken: (id: string) => Promise<boolean>,
  ): Promise<string | null>;
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
    readonly detail: ChannelErrorDetail = {},
  ) {
    super(message);
    this.name = "ChannelError";
  }
}

export interface ChannelErrorDetail {
  /** The provider asked to slow down (429, queue full): re-schedule, never a failure in itself. */
  slowDown?: boolean;
  /** How long the provider asked to wait (Retry-After). */
  retryAfterMs?: number;
  /** The provider may have accepted the message (timeout, 5xx): look it up before sending again. */
  ambiguous?: boolean;
}
