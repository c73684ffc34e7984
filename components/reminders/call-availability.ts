import { DELIVERY_METHODS, type DeliveryMethod, type ReminderType } from "@/db/schema/enums";
import { isLocale, type Locale } from "@/i18n/locales";

/** Why "Phone call" cannot be chosen: the plan has no calls, a video is not called, or the contact has no phone. */
export type CallBlock = "plan" | "video" | "phone";

/**
 * Why a delivery method cannot be chosen: this server does not send it (nothing the user can
 * do), the contact's own choice on their preferences page (they stopped everything, or do not
 * accept this channel: nothing the user can do either), a call's own reasons, or what the contact
 * lacks (an e-mail address, a phone number, recorded WhatsApp consent: each fixed in the
 * contact's form).
 */
export type MethodBlock = "server" | "stopped" | "refused" | "email" | "consent" | CallBlock;

/** What the availability rules read about a contact. */
export interface ContactAddresses {
  email: string | null;
  phone: string | null;
  locale?: string | null;
  whatsappConsent: boolean;
  /** The channels the contact accepts (their preferences page); null or absent: no choice made. */
  acceptedChannels?: readonly DeliveryMethod[] | null;
  /** The contact asked to receive nothing. */
  stopped?: boolean;
}

/**
 * What stops the dialog offering a call, the plan first (no phone number would help), then the
 * reminder's type, then the chosen contact; null: a call can be chosen. The server applies the
 * same rules (lib/validations/reminder.ts, lib/reminders/assert-calls-in-plan.ts).
 */
export function callBlock({
  callsPerDay,
  type,
  contact,
}: {
  callsPerDay: number;
  type: ReminderType;
  contact: { phone: string | null } | undefined;
}): CallBlock | null {
  if (callsPerDay <= 0) return "plan";
  if (type === "video") return "video";
  if (contact && !contact.phone) return "phone";
  return null;
}

/**
 * What stops the dialog offering `method`; null: it can be chosen. The server's configuration
 * comes first (the user cannot change it), then the contact's own choices (a stop, the channels
 * they accept: the server refuses the same, lib/reminders/resolve-reminder-input.ts), then a
 * call's plan and type, then the contact: its address, then (WhatsApp) its consent. WhatsApp is configured per language: the contact's, else
 * the user's; before a contact is chosen, any language will do. The engine refuses the same
 * cases when sending (lib/delivery/channel-preflight.ts).
 */
export function methodBlock(
  method: DeliveryMethod,
  {
    configured,
    userLocale,
    callsPerDay,
    type,
    contact,
  }: {
    /** The languages this server sends `method` in (ReminderUser.channels). */
    configured: readonly Locale[];
    userLocale: Locale;
    callsPerDay: number;
    type: ReminderType;
    contact: ContactAddresses | undefined;
  },
): MethodBlock | null {
  const locale = isLocale(contact?.locale) ? contact.locale : userLocale;
  if (contact ? !configured.includes(locale) : configured.length === 0) return "server";
  if (contact?.stopped) return "stopped";
  if (contact?.acceptedChannels && !contact.acceptedChannels.includes(method)) return "refused";
  if (method === "call") return callBlock({ callsPerDay, type, contact });
  if (!contact) return null;
  if (method === "email") return contact.email ? null : "email";
  if (!contact.phone) return "phone";
  if (method === "whatsapp" && !contact.whatsappConsent) return "consent";
  return null;
}

/** Every delivery method's block for this reminder and contact (null: it can be chosen). */
export function methodBlocks(
  type: ReminderType,
  contact: ContactAddresses | undefined,
  user: {
    channels: Record<DeliveryMethod, readonly Locale[]>;
    locale: Locale;
    callsPerDay: number;
  },
): Record<DeliveryMethod, MethodBlock | null> {
  const entries = DELIVERY_METHODS.map((method) => [
    method,
    methodBlock(method, {
      configured: user.channels[method],
      userLocale: user.locale,
      callsPerDay: user.callsPerDay,
      type,
      contact,
    }),
  ]);
  return Object.fromEntries(entries) as Record<DeliveryMethod, MethodBlock | null>;
}

/** `current` if it can work, else the first method that can (every contact has an address). */
export function workingMethod(
  current: DeliveryMethod,
  blocks: Record<DeliveryMethod, MethodBlock | null>,
): DeliveryMethod {
  if (blocks[current] === null) return current;
  return DELIVERY_METHODS.find((method) => blocks[method] === null) ?? current;
}
