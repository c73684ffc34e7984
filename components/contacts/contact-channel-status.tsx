"use client";

import { useFormatter, useTranslations } from "next-intl";
import { BellOff, MessageCircle } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import type { ContactView } from "@/lib/contacts/contact-view";

/** The contact card's per-channel opt-outs and WhatsApp opt-in, so a failed send is never a surprise. */
export function ContactChannelStatus({ contact }: { contact: ContactView }) {
  const t = useTranslations("contactConsent");
  const format = useFormatter();
  const optedOut = (
    [
      ["email", contact.emailOptOut],
      ["sms", contact.smsOptOut],
      ["whatsapp", contact.whatsappOptOut],
    ] as const
  ).filter(([, out]) => out);
  return (
    <>
      {optedOut.length > 0 ? (
        <li className="flex flex-wrap items-center gap-1" data-testid="contact-opt-outs">
          <BellOff className="size-4" aria-hidden />
          {optedOut.map(([channel]) => (
            <Badge key={channel} variant="outline" className="border-destructive/50 text-destructive">
              {t("optedOut", { channel })}
            </Badge>
          ))}
        </li>
      ) : null}
      {contact.phone ? (
        <li className="flex items-center gap-2" data-testid="contact-whatsapp-consent">
          <MessageCircle className="size-4" aria-hidden />
          <span>
            {contact.whatsappConsentAt && contact.whatsappConsentSource
              ? t("consentGiven", {
                  date: format.dateTime(new Date(contact.whatsappConsentAt), { dateStyle: "medium" }),
                  source: contact.whatsappConsentSource,
                })
              : t("noConsent")}
          </span>
        </li>
      ) : null}
    </>
  );
}
