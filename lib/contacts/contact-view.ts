import type { Authorship } from "@/lib/users/authorship";
import type { ContactPreferencesView } from "./contact-preferences";
import { foldSearchText } from "./fold-search-text";

/** One of a contact's yearly dates as the API returns it; no year: null. */
export interface ContactDateView {
  id: string;
  kind: "birthday" | "anniversary" | "custom";
  label: string | null;
  month: number;
  day: number;
  year: number | null;
  /** A yearly reminder to the contact is scheduled from this date (the card offers to edit it). */
  hasYearlyReminder: boolean;
}

/** A contact as the browser receives it from GET /api/contacts (dates as ISO strings). */
export interface ContactView {
  id: string;
  name: string;
  email: string | null;
  /** The e-mail with an internationalised domain in its own letters (as typed). */
  emailDisplay: string | null;
  phone: string | null;
  relationship: string | null;
  avatarUrl: string | null;
  deliveryMethod: "email" | "sms";
  /** Opted out per channel (unsubscribe link, STOP, or Twilio's 21610; calls: 9 pressed on a call). */
  emailOptOut: boolean;
  smsOptOut: boolean;
  whatsappOptOut: boolean;
  callOptOut: boolean;
  /** The recipient's WhatsApp opt-in: when (ISO) and how; null when none is recorded. */
  whatsappConsentAt: string | null;
  whatsappConsentSource: string | null;
  /** Chosen IANA zone; null: the phone's country's zone, else the owner's. */
  timezone: string | null;
  /** Language of the message's fixed lines; null: the owner's. */
  locale: string | null;
  reminderCount: number;
  /** Birthday, anniversary and named dates. */
  dates: ContactDateView[];
  /** The groups the contact is in (a contact may be in several). */
  groupIds: string[];
  lastReminder: string | null;
  /** Who added the contact and who changed it last (the card and the form show them). */
  authorship?: Authorship;
  /** The recipient's mail server refused the address for good; e-mail to it is not sent. */
  emailSuppressedAt?: string | null;
  emailSuppressedReason?: string | null;
  /** What the contact chose on their preferences page (absent in views built without it). */
  preferences?: ContactPreferencesView;
  /** When the contact asked, on their preferences page, to be forgotten (ISO); null: they did not. */
  forgetRequestedAt?: string | null;
}

/** Up to two initials for the avatar fallback ("Jane Smith" -> "JS"). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((w) => Array.from(w)[0]?.toUpperCase() ?? "").join("") || "?";
}

/** The Contacts screen's search: name, e-mail or phone contains the query, ignoring case and accents. */
export function filterContacts<T extends { name: string; email?: string | null; phone?: string | null }>(
  contacts: T[],
  query: string,
): T[] {
  const needle = foldSearchText(query.trim());
  if (!needle) return contacts;
  // A phone number matches by its digits, however either side spaces or punctuates it.
  const digits = /^[\d\s()+.-]+$/.test(needle) ? needle.replace(/\D/g, "") : "";
  return contacts.filter(
    (c) =>
      foldSearchText(c.name).includes(needle) ||
      (c.email ? foldSearchText(c.email).includes(needle) : false) ||
      (digits && c.phone ? c.phone.replace(/\D/g, "").includes(digits) : false),
  );
}
