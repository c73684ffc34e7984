import "server-only";
import type { DeliveryMethod, MediaKind, PlanType } from "@/db/schema/enums";
import type { Locale } from "@/i18n/locales";
import type { ConfiguredChannels } from "@/lib/channels/configured-channels";
import type { DeliveryTexts } from "@/lib/messages/delivery-texts";

/** What the reminder dialog needs to know about a contact. */
export interface ContactOption {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  /** The language of the fixed lines of its messages; null: the user's. */
  locale?: string | null;
  /** WhatsApp consent is recorded (WhatsApp reminders need it). */
  whatsappConsent: boolean;
  /** The channels the contact accepts (their preferences page); null: no choice made. */
  acceptedChannels?: readonly DeliveryMethod[] | null;
  /** The contact asked to receive nothing. */
  stopped?: boolean;
}

/** What the reminder screens need to know about the signed-in user. */
export interface ReminderUser {
  timezone: string;
  planType: PlanType;
  remindersQuota: number;
  remindersUsedCurrentPeriod: number;
  /** Cents; bought credits carry sends past the plan's quota. */
  paygCreditBalance: number;
  recurringAllowed: boolean;
  /** The recorded types (voice, video) the plan may create; the dialog offers the others as an upgrade. */
  mediaKinds: readonly MediaKind[];
  /** Reminder calls the plan places in a day; 0: the dialog offers calls as an upgrade. */
  callsPerDay: number;
  /** The name reminders are signed with ({sender}). */
  senderName: string;
  locale: Locale;
  /** The fixed lines of a reminder in each language, for the dialog's preview. */
  deliveryTexts: DeliveryTexts;
  /** The channels this server can send, per recipient language (the dialog offers only those). */
  channels: ConfiguredChannels;
}
