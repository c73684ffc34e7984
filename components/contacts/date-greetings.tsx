"use client";

import { createContext, useContext, type ReactNode } from "react";
import type { ContactDateKind } from "@/db/schema/enums";
import { isLocale, type Locale } from "@/i18n/locales";
import type { DateGreetings } from "@/lib/reminders/date-reminder-texts";

interface DateGreetingsValue {
  greetings: DateGreetings;
  ownerLocale: Locale;
}

const DateGreetingsContext = createContext<DateGreetingsValue | null>(null);

/** The contacts page hands down every language's date greetings (a few short strings). */
export function DateGreetingsProvider({ children, ...value }: DateGreetingsValue & { children: ReactNode }) {
  return <DateGreetingsContext.Provider value={value}>{children}</DateGreetingsContext.Provider>;
}

/**
 * A contact's language (theirs, else the user's) and the greeting of a date kind in it, for the
 * yearly reminder's prefilled message; null without a provider (the caller falls back to the
 * screen's language).
 */
export function useContactGreeting(contactLocale: string | null | undefined, kind: ContactDateKind) {
  const value = useContext(DateGreetingsContext);
  if (!value) return null;
  const locale = isLocale(contactLocale) ? contactLocale : value.ownerLocale;
  return { locale, greeting: value.greetings[locale][kind] };
}
