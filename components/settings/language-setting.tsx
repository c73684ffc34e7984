"use client";

import { useId } from "react";
import { useTranslations } from "next-intl";
import { LanguageSelect } from "@/components/layout/language-select";
import { Label } from "@/components/ui/label";
import type { Locale } from "@/i18n/locales";

/**
 * The account's language in Settings: the same choice as the header's select (cookie, local
 * storage and the account), with a label and what it changes.
 */
export function LanguageSetting({
  locale,
  names,
  persist,
}: {
  locale: Locale;
  names: Record<Locale, string>;
  persist: (input: { locale: Locale }) => Promise<unknown>;
}) {
  const t = useTranslations("settings");
  const id = useId();
  return (
    <div className="space-y-2" data-testid="language-setting">
      <Label htmlFor={id}>{t("language")}</Label>
      {/* On its own line under the label, as the form's other fields. */}
      <div>
        <LanguageSelect
          id={id}
          describedBy={`${id}-hint`}
          locale={locale}
          label={t("language")}
          names={names}
          persist={persist}
        />
      </div>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {t("languageHint")}
      </p>
    </div>
  );
}
