import "server-only";
import { PAUSE_MAX_DAYS } from "@/config/preferences";
import { invalidInput } from "@/lib/errors/domain-error";
import { dayNumber, parseCivilDate } from "@/lib/recurrence/civil-date";
import { utcToLocal } from "@/lib/recurrence/time-zone";
import { windowOf, type PreferencesChoices } from "@/lib/validations/preferences";
import { choosableChannels, type PreferencesSubject } from "./preferences-subject";
import type { ConsentLine, PreferencesChange } from "./record-preferences-change";
import { preferencesWords } from "./preferences-words";

/** Days from 1970-01-01 to today in `zone`. */
const todayIn = (zone: string, now: Date) => dayNumber(utcToLocal(now.getTime(), zone));

const sameList = (a: readonly string[] | null, b: readonly string[] | null) =>
  (a ?? []).join() === (b ?? []).join();

/**
 * What saving the page's choices changes, or null when nothing does: the channels the contact
 * accepts (in their order; none: the sender chooses), their hours, zone and pause, each with a
 * consent record in the words the page showed. Choosing WhatsApp records the contact's WhatsApp
 * opt-in from the website when none was recorded. A channel the contact cannot be reached on (no
 * address, or left by STOP, unsubscribe or key 9) is refused, as is a pause that is over before
 * it starts or lasts more than PAUSE_MAX_DAYS.
 */
export function choicesChange(
  subject: PreferencesSubject,
  choices: PreferencesChoices,
  now: Date,
): PreferencesChange | null {
  const choosable = choosableChannels(subject);
  if (choices.channels.some((channel) => !choosable.includes(channel)))
    throw invalidInput(
      { code: "channel_unavailable", message: "channels: A channel that cannot reach the contact" },
      { field: "channels" },
    );
  const channels = choices.channels.length > 0 ? choices.channels : null;
  const window = windowOf(choices.notBefore, choices.notAfter);
  const timezone = choices.timeZone || null;
  const today = todayIn(timezone ?? subject.derivedZone, now);
  const pausedUntil = choices.pausedUntil || null;
  if (pausedUntil) {
    const day = dayNumber(parseCivilDate(pausedUntil));
    if (day <= today)
      throw invalidInput(
        { code: "pause_in_past", message: "pausedUntil: Must be after today" },
        { field: "pausedUntil" },
      );
    if (day > today + PAUSE_MAX_DAYS)
      throw invalidInput(
        { code: "pause_too_far", message: `pausedUntil: At most ${PAUSE_MAX_DAYS} days ahead` },
        { field: "pausedUntil" },
      );
  }
  // A pause whose day has come is over: the page shows none, and saving none changes nothing.
  const currentPause =
    subject.pausedUntil && dayNumber(parseCivilDate(subject.pausedUntil)) > today
      ? subject.pausedUntil
      : null;

  const t = preferencesWords(subject.pageLocale);
  const sender = { sender: subject.senderName };
  const consent: ConsentLine[] = [];
  if (!sameList(channels, subject.acceptedChannels))
    consent.push({
      change: "preferences_changed",
      wording: t("channels.consent", sender),
      details: { acceptedChannels: channels },
    });
  const windowChanged =
    (window?.start ?? null) !== subject.windowStart || (window?.end ?? null) !== subject.windowEnd;
  if (windowChanged || timezone !== subject.timezone)
    consent.push({
      change: "preferences_changed",
      wording: t("window.consent", sender),
      details: { windowStart: window?.start ?? null, windowEnd: window?.end ?? null, timeZone: timezone },
    });
  if (pausedUntil !== currentPause)
    consent.push({
      change: "preferences_changed",
      wording: t("pause.consent", sender),
      details: { pausedUntil },
    });
  const whatsappOptIn = !subject.whatsappConsented && (channels ?? []).includes("whatsapp");
  if (whatsappOptIn)
    consent.push({ change: "opted_in", channel: "whatsapp", wording: t("channels.whatsappConsent", sender) });
  if (consent.length === 0) return null;
  return {
    change: "preferences",
    columns: {
      acceptedChannels: channels,
      windowStart: window?.start ?? null,
      windowEnd: window?.end ?? null,
      timezone,
      pausedUntil,
      ...(whatsappOptIn ? { whatsappConsentAt: now, whatsappConsentSource: "website" } : {}),
    },
    consent,
  };
}
