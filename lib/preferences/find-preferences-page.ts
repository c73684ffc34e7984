import "server-only";
import type { DeliveryMethod } from "@/db/schema/enums";
import type { Locale } from "@/i18n/locales";
import { senderNumbers } from "@/lib/channels/sender-numbers";
import { db, pool } from "@/lib/db";
import {
  addDays,
  dayNumber,
  formatCivilDate,
  fromDayNumber,
  parseCivilDate,
} from "@/lib/recurrence/civil-date";
import { utcToLocal } from "@/lib/recurrence/time-zone";
import { windowInputs } from "@/lib/validations/preferences";
import { PAUSE_MAX_DAYS } from "@/config/preferences";
import { choosableChannels, findPreferencesSubject } from "./preferences-subject";
import { pendingCallRequest } from "./request-call-opt-in";

/** What a contact's preferences page shows, in their language and zone. */
export interface PreferencesPage {
  locale: Locale;
  senderName: string;
  /** The channels the contact can choose from (reachable, not left), and those they left. */
  choosable: DeliveryMethod[];
  optedOut: DeliveryMethod[];
  /** Whether a WhatsApp opt-in is on record (else choosing WhatsApp records one). */
  whatsappConsented: boolean;
  /** Accepted channels, preferred first; empty: no choice made. */
  accepted: DeliveryMethod[];
  notBefore: string;
  notAfter: string;
  /** The chosen zone, "" for the derived one (`derivedZone`). */
  timeZone: string;
  derivedZone: string;
  /** YYYY-MM-DD; "" when there is no pause (or it is over). */
  pausedUntil: string;
  /** The first and last days a pause can end on (the date input's bounds). */
  pauseMin: string;
  pauseMax: string;
  /** When everything was stopped, and when the contact asked to be forgotten (their zone's dates). */
  stoppedOn: string | null;
  forgetRequestedOn: string | null;
  /** A request to take calls back waits for its reply until then (their zone's time). */
  callRequestUntil: string | null;
  /** The numbers SMS and WhatsApp come from: where START goes. */
  numbers: { sms: string | null; whatsapp: string | null };
}

/** The page of a preferences link, or null where it answers 404 (see findPreferencesSubject). Reads only. */
export async function findPreferencesPage(token: string, now = new Date()): Promise<PreferencesPage | null> {
  const subject = await findPreferencesSubject(pool, token, now);
  if (!subject) return null;
  const choosable = choosableChannels(subject);
  const today = dayNumber(utcToLocal(now.getTime(), subject.zone));
  const paused = subject.pausedUntil && dayNumber(parseCivilDate(subject.pausedUntil)) > today;
  const date = (at: Date) =>
    new Intl.DateTimeFormat(subject.pageLocale, { dateStyle: "long", timeZone: subject.zone }).format(at);
  const pending = subject.optedOut.call ? await pendingCallRequest(db, subject.contactId, now) : null;
  return {
    locale: subject.pageLocale,
    senderName: subject.senderName,
    choosable,
    optedOut: subject.reachable.filter((channel) => subject.optedOut[channel]),
    whatsappConsented: subject.whatsappConsented,
    accepted: (subject.acceptedChannels ?? []).filter((channel) => choosable.includes(channel)),
    ...windowInputs(subject.windowStart, subject.windowEnd),
    timeZone: subject.timezone ?? "",
    derivedZone: subject.derivedZone,
    pausedUntil: paused ? (subject.pausedUntil ?? "") : "",
    pauseMin: formatCivilDate(addDays(fromDayNumber(today), 1)),
    pauseMax: formatCivilDate(fromDayNumber(today + PAUSE_MAX_DAYS)),
    stoppedOn: subject.stoppedAt && date(subject.stoppedAt),
    forgetRequestedOn: subject.forgetRequestedAt && date(subject.forgetRequestedAt),
    callRequestUntil:
      pending &&
      new Intl.DateTimeFormat(subject.pageLocale, {
        dateStyle: "medium",
        timeStyle: "short",
        timeZone: subject.zone,
      }).format(pending.expiresAt),
    numbers: senderNumbers(),
  };
}
