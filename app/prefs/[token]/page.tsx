import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { NextIntlClientProvider } from "next-intl";
import { BellRing } from "lucide-react";
import { pageClientMessages } from "@/components/layout/client-messages";
import { ChoicesForm } from "@/components/preferences/choices-form";
import { ForgetSection } from "@/components/preferences/forget-section";
import { LanguageSwitch } from "@/components/preferences/language-switch";
import { LeftChannels } from "@/components/preferences/left-channels";
import { PREFERENCES_CLIENT_NAMESPACES } from "@/components/preferences/preferences-client-namespaces";
import { StopSection } from "@/components/preferences/stop-section";
import { PREFERENCES_LINK_DAYS } from "@/config/preferences";
import { PRODUCT_NAME } from "@/config/product";
import { loadMessages } from "@/i18n/messages";
import { findPreferencesPage } from "@/lib/preferences/find-preferences-page";
import { preferencesWords } from "@/lib/preferences/preferences-words";
import { FEATURED_TIME_ZONES, allTimeZones } from "@/lib/time/time-zones";
import { privatePageMetadata } from "@/lib/seo/page-metadata";

interface PageProps {
  params: Promise<{ token: string }>;
}

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const page = await findPreferencesPage((await params).token);
  if (!page) return privatePageMetadata();
  return privatePageMetadata(preferencesWords(page.locale)("metaTitle"));
}

/**
 * Where a message's preferences link lands: no sign-in (the token is the permission), in the
 * contact's language (else their sender's), mobile first. A forged, altered or expired link, or
 * one whose contact is gone, is the 404 page like any unknown address.
 */
export default async function PreferencesPage({ params }: PageProps) {
  const { token } = await params;
  const page = await findPreferencesPage(token);
  if (!page) notFound();
  // The contact's language, whatever the visitor's cookie says (the request's own locale).
  const t = preferencesWords(page.locale);
  const messages = pageClientMessages(await loadMessages(page.locale), PREFERENCES_CLIENT_NAMESPACES);
  const sender = page.senderName;
  const featured = new Set<string>(FEATURED_TIME_ZONES);
  return (
    <NextIntlClientProvider locale={page.locale} messages={messages} timeZone="UTC">
      <main id="main" lang={page.locale} className="min-h-screen bg-muted/40 px-4 py-8 sm:py-12">
        <div className="mx-auto w-full max-w-2xl space-y-6">
          <div className="flex items-center gap-2 text-lg font-semibold">
            <BellRing className="size-5 text-primary" aria-hidden />
            {PRODUCT_NAME}
          </div>
          <div className="space-y-8 rounded-xl border bg-background p-4 shadow-sm sm:p-6">
            <header className="space-y-2">
              <h1 className="text-xl font-semibold break-words sm:text-2xl">{t("title", { sender })}</h1>
              <p className="text-muted-foreground">{t("intro", { sender })}</p>
              <p className="text-sm text-muted-foreground">{t("privateLink")}</p>
            </header>
            <LanguageSwitch token={token} locale={page.locale} sender={sender} />
            <ChoicesForm
              token={token}
              sender={sender}
              choosable={page.choosable}
              whatsappConsented={page.whatsappConsented}
              initial={{
                channels: page.accepted,
                notBefore: page.notBefore,
                notAfter: page.notAfter,
                timeZone: page.timeZone,
                pausedUntil: page.pausedUntil,
              }}
              derivedZone={page.derivedZone}
              featuredZones={FEATURED_TIME_ZONES}
              otherZones={allTimeZones().filter((zone) => !featured.has(zone))}
              pauseMin={page.pauseMin}
              pauseMax={page.pauseMax}
            />
            <LeftChannels
              token={token}
              sender={sender}
              optedOut={page.optedOut}
              numbers={page.numbers}
              callRequestUntil={page.callRequestUntil}
            />
            <StopSection token={token} sender={sender} stoppedOn={page.stoppedOn} />
            <ForgetSection token={token} sender={sender} requestedOn={page.forgetRequestedOn} />
          </div>
          <p className="text-center text-xs text-muted-foreground">
            {t("footer", { days: PREFERENCES_LINK_DAYS })}
          </p>
        </div>
      </main>
    </NextIntlClientProvider>
  );
}
