import "server-only";
import type { Locale } from "@/i18n/locales";
import { conflict } from "@/lib/errors/domain-error";
import type { PreferencesSubject } from "./preferences-subject";
import type { PreferencesChange } from "./record-preferences-change";
import { preferencesWords } from "./preferences-words";

const NOT_OPTED_OUT = { code: "not_opted_out", message: "The contact has not left this channel" } as const;

/**
 * The page's one-button changes, each null when it would change nothing (a second click, a
 * replay). The words recorded are those the page showed, in the language it showed them in.
 */
export const switchChanges = {
  /** The language of the page and of the reminders. */
  language(subject: PreferencesSubject, locale: Locale): PreferencesChange | null {
    if (subject.locale === locale) return null;
    const t = preferencesWords(subject.pageLocale);
    return {
      change: "language",
      columns: { locale },
      consent: [
        {
          change: "preferences_changed",
          wording: `${t("language.label")}: ${t("language.hint", { sender: subject.senderName })}`,
          details: { language: locale },
        },
      ],
    };
  },

  /** Nothing more from this sender, on any channel, until the contact resumes. */
  stop(subject: PreferencesSubject, now: Date): PreferencesChange | null {
    if (subject.stoppedAt) return null;
    const t = preferencesWords(subject.pageLocale);
    return {
      change: "stopped",
      columns: { stoppedAt: now },
      consent: [{ change: "stopped", wording: t("stop.consent", { sender: subject.senderName }) }],
    };
  },

  resume(subject: PreferencesSubject): PreferencesChange | null {
    if (!subject.stoppedAt) return null;
    const t = preferencesWords(subject.pageLocale);
    return {
      change: "resumed",
      columns: { stoppedAt: null },
      consent: [{ change: "resumed", wording: t("stop.resumeConsent", { sender: subject.senderName }) }],
    };
  },

  /**
   * E-mail taken back after an unsubscribe: the link came to the contact's own mailbox or phone,
   * so the page is the contact's word (SMS and WhatsApp need START on their channel, calls a
   * confirming reply). Also a `contact.opted_in` event, as START makes.
   */
  emailBack(subject: PreferencesSubject): PreferencesChange {
    if (!subject.optedOut.email || !subject.reachable.includes("email")) throw conflict(NOT_OPTED_OUT);
    const t = preferencesWords(subject.pageLocale);
    return {
      change: "email_back",
      columns: { emailOptOut: false },
      consent: [
        {
          change: "opted_in",
          channel: "email",
          wording: t("optedOut.emailConsent", { sender: subject.senderName }),
        },
      ],
      events: [{ type: "contact.opted_in", data: { contactId: subject.contactId, channels: ["email"] } }],
    };
  },
};

export { NOT_OPTED_OUT };
