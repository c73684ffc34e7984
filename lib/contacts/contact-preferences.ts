import type { DeliveryMethod } from "@/db/schema/enums";

/**
 * What a contact chose on their preferences page, as the sender reads it (read-only: only the
 * contact changes it). Every field empty: nothing chosen.
 */
export interface ContactPreferencesView {
  /** The channels the contact accepts, preferred first; null: no choice, each reminder's channel stands. */
  acceptedChannels: DeliveryMethod[] | null;
  /** The hours they accept messages in, their time ("HH:MM", end "24:00" at midnight); null: any time. */
  window: { start: string; end: string } | null;
  /** 'YYYY-MM-DD' of their calendar: nothing due before it is sent. */
  pausedUntil: string | null;
  /** They asked to receive nothing from this workspace. */
  stopped: boolean;
}

/** One piece of the one-line summary the contact card shows (see preferencesSummary). */
export type PreferencesSummaryPart =
  | { kind: "stopped" }
  | { kind: "channels"; channels: DeliveryMethod[] }
  | { kind: "between"; start: string; end: string }
  | { kind: "notBefore"; start: string }
  | { kind: "notAfter"; end: string }
  | { kind: "paused"; until: string };

/**
 * The contact's preferences as the parts of one line, in reading order: a stop says everything
 * alone; else the channels they accept, their hours (an open end is left out: "not before 09:00"),
 * and a pause that is not over on `today` ('YYYY-MM-DD'). Empty when nothing is chosen.
 */
export function preferencesSummary(
  preferences: ContactPreferencesView | null | undefined,
  today: string,
): PreferencesSummaryPart[] {
  if (!preferences) return [];
  if (preferences.stopped) return [{ kind: "stopped" }];
  const parts: PreferencesSummaryPart[] = [];
  if (preferences.acceptedChannels?.length) {
    parts.push({ kind: "channels", channels: preferences.acceptedChannels });
  }
  const window = preferences.window;
  if (window) {
    const opensAtMidnight = window.start === "00:00";
    const closesAtMidnight = window.end === "24:00";
    if (!opensAtMidnight && closesAtMidnight) parts.push({ kind: "notBefore", start: window.start });
    else if (opensAtMidnight && !closesAtMidnight) parts.push({ kind: "notAfter", end: window.end });
    else if (!opensAtMidnight) parts.push({ kind: "between", start: window.start, end: window.end });
  }
  if (preferences.pausedUntil && preferences.pausedUntil > today) {
    parts.push({ kind: "paused", until: preferences.pausedUntil });
  }
  return parts;
}
