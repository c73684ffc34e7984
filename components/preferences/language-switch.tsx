"use client";

import { useId } from "react";
import { useTranslations } from "next-intl";
import { FormError } from "@/components/ui/field-error";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { LOCALES, type Locale } from "@/i18n/locales";
import { usePreferencesAction } from "./use-preferences-action";

/**
 * The page's language, which is also the one the contact's reminders are written in: choosing
 * one saves it on the contact and the page comes back in it. Each language is named in itself.
 */
export function LanguageSwitch({ token, locale, sender }: { token: string; locale: Locale; sender: string }) {
  const t = useTranslations("preferencesPage.language");
  const names = useTranslations("language.names");
  const id = useId();
  const { run, pending, error } = usePreferencesAction(token);
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {t("label")}
      </label>
      <NativeSelect
        id={id}
        value={locale}
        disabled={pending}
        aria-describedby={`${id}-hint`}
        onChange={(event) => void run({ action: "language", locale: event.target.value as Locale })}
      >
        {LOCALES.map((code) => (
          <NativeSelectOption key={code} value={code} lang={code}>
            {names(code)}
          </NativeSelectOption>
        ))}
      </NativeSelect>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {t("hint", { sender })}
      </p>
      <FormError text={error} />
    </div>
  );
}
