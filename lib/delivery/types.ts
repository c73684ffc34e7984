import "server-only";
import type { DeliveryMethod, ReminderRecipient } from "@/db/schema/enums";
import type { OutgoingMessage } from "@/lib/channels/types";
import type { YearlyDate } from "@/lib/messages/render-fields";
import type { CivilDate } from "@/lib/recurrence/civil-date";

/** A voice or video reminder's clip, as far as sending it needs. */
export interface DeliveryMedia {
  kind: "voice" | "video";
  /** Processed and not removed: a delivery of a clip that is not is refused (media_not_ready). */
  ready: boolean;
  hasPoster: boolean;
  /** A video of at most 16 MB exists: WhatsApp may send it through the media template. */
  whatsappVideo: boolean;
}

/**
 * What a contact chose on their preferences page about messages from this workspace (all null or
 * false: nothing chosen). Never set for a lead reminder (it goes to the lead person).
 */
export interface ContactChoices {
  /** The channels the contact accepts, preferred first; null: the reminder's own channel stands. */
  acceptedChannels: DeliveryMethod[] | null;
  /** Minutes after the contact's local midnight they accept messages in, [start, end); null: any time. */
  window: { start: number; end: number } | null;
  /** 'YYYY-MM-DD' in the contact's zone: no occurrence of an earlier local day is sent. */
  pausedUntil: string | null;
  /** The contact stopped everything from this workspace. */
  stopped: boolean;
}

/** A delivery this worker holds the lease on, with what it needs to send it. */
export interface LeasedDelivery {
  id: number;
  reminderId: string;
  /** The workspace the reminder belongs to: its plan carries the send. */
  workspaceId: string;
  /** The channel it goes by: the step's own, or the one the contact's choices put in its place. */
  channel: DeliveryMethod;
  /** The channel the reminder's chain gives this step (channel differs when the contact chose another). */
  requestedChannel: DeliveryMethod;
  /** The reminder's chain: its delivery method, then its fallback channels. */
  chain: DeliveryMethod[];
  occurrenceAt: Date;
  attemptCount: number;
  /** Attempts answered "slow down" (not failures: they do not advance the retry schedule). */
  slowedCount: number;
  /** Error code of the previous attempt (null on a first attempt or after a takeover). */
  lastErrorCode: string | null;
  /** When the delivery row was made: nothing of this occurrence left before then. */
  createdAt: Date;
  /** Leased from a worker whose lease ran out: what its attempt did is unknown. */
  takenOver?: boolean;
  /** Paced sends: not before this instant (this process's clock, epoch ms). */
  notBefore?: number;
  /** Paced SMS: the message as rendered to count its segments, sent as it is. */
  rendered?: OutgoingMessage;
  reminderStatus: string;
  message: string | null;
  /** SMS and WhatsApp: the message asks the recipient to reply YES, NO or LATER. */
  askConfirmation: boolean;
  contactName: string;
  /** 'owner': a lead reminder, sent to the lead person's own address (email) in their language. */
  recipient: ReminderRecipient;
  /** The contact date the reminder was made from: `{date}` and `{age}`. */
  contactDate: YearlyDate | null;
  /** The occurrence's local day in the reminder's zone. */
  occurrenceDate: CivilDate;
  /** The same day as 'YYYY-MM-DD': a group occurrence's key (see reserveUsage). */
  occurrenceLocalDate: string;
  /** 0: the reminder's delivery method; n: its n-th fallback channel for this occurrence. */
  fallbackStep: number;
  /** The reminder's fallback waits for a confirmation, in minutes (0: none), step 1 first. */
  fallbackWaits: number[];
  /** Another step of this occurrence was answered already: this one is not sent. */
  answeredEarlier: boolean;
  /** A member reminder's group reminder; null for any other reminder. */
  parentReminderId: string | null;
  email: string | null;
  phone: string | null;
  contactTimezone: string | null;
  /** The recipient's language for the message's fixed lines; null: the lead person's. */
  contactLocale: string | null;
  emailOptOut: boolean;
  smsOptOut: boolean;
  whatsappOptOut: boolean;
  callOptOut: boolean;
  /** When the recipient gave their WhatsApp opt-in; null: no WhatsApp send. */
  whatsappConsentAt: Date | null;
  /** The address was refused for good by its mail server (SMTP 5xx) earlier. */
  emailSuppressed: boolean;
  /** The contact's own choices (a lead reminder: none). */
  choices: ContactChoices;
  /** The workspace's plan: the channels it carries (calls). */
  planType: string;
  unsubscribeToken: string;
  /** The name contacts see: the workspace's, or the reminder's creator's (its sender identity). */
  senderName: string;
  /**
   * The lead person's address (the reminder's creator while a member of its workspace, else the
   * owner): replies to an e-mail reminder go to them, and so do lead reminders.
   */
  senderEmail: string;
  /** The lead person's language: the reasons and notices the workspace reads. */
  locale: string;
  /** The lead person's zone: a recipient's quiet hours when neither contact nor phone tells one. */
  userTimezone: string;
  /** Voice and video reminders: their clip; null for text. */
  media: DeliveryMedia | null;
}

export type Outcome =
  /** `asked`: the message carried the confirmation ask, so the delivery awaits a reply. */
  /** `recorded`: already written, with its dev outbox copy (see sendLeased). */
  | { kind: "sent"; providerMessageId: string; asked?: boolean; recorded?: boolean }
  | { kind: "retry"; error: string; code?: string; at: Date; slowed?: boolean }
  | { kind: "paced"; at: Date }
  | { kind: "failed"; error: string; code?: string; refund: boolean }
  /** `code`: the contact's hours (contact_window) rather than quiet hours. */
  | { kind: "held"; until: Date; error: string; code?: "contact_window" };

export interface DecidedDelivery {
  delivery: LeasedDelivery;
  outcome: Outcome;
}
