"use client";

import { useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { CONSENT_CONFIRM_WORDS } from "@/config/preferences";
import { toLocale } from "@/i18n/locales";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/field-error";
import type { DeliveryMethod } from "@/db/schema/enums";
import { usePreferencesAction } from "./use-preferences-action";

/**
 * The channels the contact left (STOP, an unsubscribe, key 9) and how each comes back: e-mail at
 * once (the link reached their own mailbox or phone); SMS and WhatsApp only by START from their
 * phone on that channel, as carriers and WhatsApp require; calls by a text message they confirm.
 * The sender has no way to take a channel back for them.
 */
export function LeftChannels({
  token,
  sender,
  optedOut,
  numbers,
  callRequestUntil,
}: {
  token: string;
  sender: string;
  optedOut: readonly DeliveryMethod[];
  numbers: { sms: string | null; whatsapp: string | null };
  callRequestUntil: string | null;
}) {
  const t = useTranslations("preferencesPage.optedOut");
  const locale = toLocale(useLocale());
  const { run, pending, error } = usePreferencesAction(token);
  const [done, setDone] = useState<string | null>(null);
  if (optedOut.length === 0) return null;
  const smsLeft = optedOut.includes("sms");

  async function emailBack() {
    setDone(null);
    const result = await run({ action: "email_opt_in" });
    if (result.ok) setDone(t("emailDone", { sender }));
  }

  const how = (channel: "sms" | "whatsapp") => {
    const number = numbers[channel];
    return number ? t(`${channel}How`, { number }) : t(`${channel}HowNoNumber`);
  };

  return (
    <section aria-labelledby="left-title" className="space-y-3">
      <h2 id="left-title" className="text-lg font-semibold">
        {t("title")}
      </h2>
      <p className="text-sm text-muted-foreground">{t("intro", { sender })}</p>
      <ul className="space-y-3">
        {optedOut.includes("email") ? (
          <li data-testid="left-email" className="space-y-2 rounded-lg border p-3">
            <p className="font-medium">{t("email")}</p>
            <p className="text-sm text-muted-foreground">{t("emailConsent", { sender })}</p>
            <Button
              type="button"
              variant="outline"
              disabled={pending}
              onClick={emailBack}
              className="h-auto min-h-10 whitespace-normal"
            >
              {t("emailButton")}
            </Button>
          </li>
        ) : null}
        {(["sms", "whatsapp"] as const)
          .filter((channel) => optedOut.includes(channel))
          .map((channel) => (
            <li key={channel} data-testid={`left-${channel}`} className="space-y-2 rounded-lg border p-3">
              <p className="font-medium">{t(channel)}</p>
              <p className="text-sm">{how(channel)}</p>
            </li>
          ))}
        {optedOut.includes("call") ? (
          <li data-testid="left-call" className="space-y-2 rounded-lg border p-3">
            <p className="font-medium">{t("call")}</p>
            {callRequestUntil ? (
              <p className="text-sm">{t("callRequested", { time: callRequestUntil, word: CONSENT_CONFIRM_WORDS.call[locale] })}</p>
            ) : smsLeft ? (
              <p className="text-sm">{t("callNeedsSms")}</p>
            ) : (
              <>
                <p className="text-sm text-muted-foreground">{t("callConsent", { sender })}</p>
                <Button
                  type="button"
                  variant="outline"
                  disabled={pending}
                  onClick={() => void run({ action: "call_opt_in" })}
                  className="h-auto min-h-10 whitespace-normal"
                >
                  {t("callButton")}
                </Button>
              </>
            )}
          </li>
        ) : null}
      </ul>
      <FormError text={error} />
      <p role="status" className="text-sm font-medium">
        {done ?? ""}
      </p>
    </section>
  );
}
