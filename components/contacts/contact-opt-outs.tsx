"use client";

import { useId } from "react";
import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import type { ContactView } from "@/lib/contacts/contact-view";

type OptOuts = Pick<ContactView, "emailOptOut" | "smsOptOut" | "whatsappOptOut" | "callOptOut">;

/** The channels the contact opted out of, in the card's order. */
export function optedOutChannels(contact: OptOuts) {
  return (
    [
      ["email", contact.emailOptOut],
      ["sms", contact.smsOptOut],
      ["whatsapp", contact.whatsappOptOut],
      ["call", contact.callOptOut],
    ] as const
  )
    .filter(([, out]) => out)
    .map(([channel]) => channel);
}

/** One badge per channel the contact opted out of ("Opted out of calls"). */
export function OptOutBadges({ channels }: { channels: ReturnType<typeof optedOutChannels> }) {
  const t = useTranslations("contactConsent");
  return channels.map((channel) => (
    <Badge key={channel} variant="outline" className="border-destructive/50 text-destructive">
      {t("optedOut", { channel })}
    </Badge>
  ));
}

/**
 * The Edit Contact form's opt-outs: read only, as the contact set them (STOP, an unsubscribe
 * link, 9 on a reminder call), so whoever edits the contact knows what will not be sent.
 */
export function ContactFormOptOuts({ contact }: { contact?: OptOuts }) {
  const t = useTranslations("contactConsent");
  const id = useId();
  const channels = contact ? optedOutChannels(contact) : [];
  if (channels.length === 0) return null;
  return (
    <div
      role="group"
      aria-labelledby={`${id}-label`}
      aria-describedby={`${id}-hint`}
      className="grid gap-2"
      data-testid="contact-form-opt-outs"
    >
      <p id={`${id}-label`} className="text-sm leading-none font-medium">
        {t("optOutsLabel")}
      </p>
      <p className="flex flex-wrap gap-1">
        <OptOutBadges channels={channels} />
      </p>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {t("optOutsHint")}
      </p>
    </div>
  );
}
