"use client";

import { useFormatter, useTranslations } from "next-intl";
import { BellOff, MessageCircle } from "lucide-react";
import type { ContactView } from "@/lib/contacts/contact-view";
import { OptOutBadges, optedOutChannels } from "./contact-opt-outs";
import { ContactPreferencesLine } from "./contact-preferences-line";

/**
 * The contact card's own choices of the contact (their preferences page), per-channel opt-outs and
 * WhatsApp opt-in, so a failed or redirected send is never a surprise.
 */
export function ContactChannelStatus({ contact }: { contact: ContactView }) {
  const t = useTranslations("contactConsent");
  const format = useFormatter();
  const optedOut = optedOutChannels(contact);
  return (
    <>
      <ContactPreferencesLine preferences={contact.preferences} />
      {optedOut.length > 0 ? (
        <li className="flex flex-wrap items-center gap-1" data-testid="contact-opt-outs">
          <BellOff className="size-4" aria-hidden />
          <OptOutBadges channels={optedOut} />
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
