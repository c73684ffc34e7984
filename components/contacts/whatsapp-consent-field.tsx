"use client";

import { useFormatter, useTranslations } from "next-intl";
import type { UseFormRegisterReturn } from "react-hook-form";
import { FieldError, useFieldAria } from "@/components/ui/field-error";
import { Label } from "@/components/ui/label";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { WHATSAPP_CONSENT_SOURCES } from "@/db/schema/enums";

/** How the recipient agreed to WhatsApp messages; recorded with today's date when first set. */
export function WhatsAppConsentField({
  registration,
  recordedAt,
}: {
  registration: UseFormRegisterReturn;
  recordedAt: string | null;
}) {
  const t = useTranslations("contactConsent");
  const format = useFormatter();
  const aria = useFieldAria("contact-whatsapp-consent", "contact-whatsapp-consent-help");
  return (
    <div className="grid gap-2">
      <Label htmlFor="contact-whatsapp-consent">{t("field")}</Label>
      <NativeSelect id="contact-whatsapp-consent" {...aria} {...registration}>
        <NativeSelectOption value="">{t("notRecorded")}</NativeSelectOption>
        {WHATSAPP_CONSENT_SOURCES.map((source) => (
          <NativeSelectOption key={source} value={source}>
            {t("source", { source })}
          </NativeSelectOption>
        ))}
      </NativeSelect>
      <FieldError htmlFor="contact-whatsapp-consent" />
      <p id="contact-whatsapp-consent-help" className="text-xs text-muted-foreground">
        {recordedAt
          ? t("recordedOn", { date: format.dateTime(new Date(recordedAt), { dateStyle: "medium" }) })
          : t("help")}
      </p>
    </div>
  );
}
