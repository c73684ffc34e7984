"use client";

import { useFormatter, useLocale, useNow, useTranslations } from "next-intl";
import { SlidersHorizontal } from "lucide-react";
import {
  preferencesSummary,
  type ContactPreferencesView,
  type PreferencesSummaryPart,
} from "@/lib/contacts/contact-preferences";

/** "HH:MM" as a time of day at UTC midnight's date: formatted without any zone shift. */
const timeOfDay = (hhmm: string) => {
  const [hour, minute] = hhmm.split(":").map(Number);
  return new Date(Date.UTC(1970, 0, 1, hour, minute));
};

/**
 * The contact's own preferences in one line of the contact card, when they set any: "Prefers
 * WhatsApp, then SMS · not before 9:00 AM (their time) · paused until March 3". Times and dates
 * in the viewer's language; the hours are the contact's clock, so no zone is applied to them.
 */
export function ContactPreferencesLine({ preferences }: { preferences?: ContactPreferencesView }) {
  const t = useTranslations("contactConsent.preferences");
  const format = useFormatter();
  const locale = useLocale();
  const now = useNow();
  const today = now.toISOString().slice(0, 10);
  const parts = preferencesSummary(preferences, today);
  if (parts.length === 0) return null;
  const time = (hhmm: string) =>
    format.dateTime(timeOfDay(hhmm), { hour: "numeric", minute: "2-digit", timeZone: "UTC" });
  const date = (iso: string) => {
    const day = new Date(`${iso}T00:00:00Z`);
    const sameYear = day.getUTCFullYear() === now.getUTCFullYear();
    return format.dateTime(day, {
      day: "numeric",
      month: "long",
      ...(sameYear ? {} : { year: "numeric" }),
      timeZone: "UTC",
    });
  };
  const words = (part: PreferencesSummaryPart): string => {
    switch (part.kind) {
      case "stopped":
        return t("stopped");
      case "channels": {
        const names = part.channels.map((channel) => t("channel", { channel }));
        const channels = names.reduce((first, next) => t("then", { first, next }));
        return t("channels", { count: names.length, channels });
      }
      case "between":
        return t("between", { start: time(part.start), end: time(part.end) });
      case "notBefore":
        return t("notBefore", { start: time(part.start) });
      case "notAfter":
        return t("notAfter", { end: time(part.end) });
      case "paused":
        return t("paused", { date: date(part.until) });
    }
  };
  const line = parts.map(words).join(" · ");
  return (
    <li className="flex items-start gap-2" data-testid="contact-preferences">
      <SlidersHorizontal className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>
        <span className="sr-only">{t("label")}: </span>
        {line.charAt(0).toLocaleUpperCase(locale) + line.slice(1)}
        <span className="sr-only"> {t("hint")}</span>
      </span>
    </li>
  );
}
