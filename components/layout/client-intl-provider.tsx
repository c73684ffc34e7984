"use client";

import { useMemo } from "react";
import { NextIntlClientProvider, type AbstractIntlMessages, type Locale } from "next-intl";

/**
 * The signed-in shell's translation provider. The catalogue arrives as one JSON string rather
 * than an object: React serialises a server component's props value by value (and decodes them
 * the same way for server rendering), which for a catalogue of a few hundred strings was the
 * largest single cost of rendering a signed-in page; one string is serialised whole.
 * i18n/request.ts sets no `formats` or `now`, so locale, time zone and messages are all the
 * server provider would pass.
 */
export function ClientIntlProvider({
  locale,
  timeZone,
  messagesJson,
  children,
}: {
  locale: Locale;
  timeZone: string;
  messagesJson: string;
  children: React.ReactNode;
}) {
  const messages = useMemo(() => JSON.parse(messagesJson) as AbstractIntlMessages, [messagesJson]);
  return (
    <NextIntlClientProvider locale={locale} timeZone={timeZone} messages={messages}>
      {children}
    </NextIntlClientProvider>
  );
}
