import type { WhatsAppConsentSource } from "@/db/schema/enums";

export interface WhatsAppConsent {
  whatsappConsentAt: Date | null;
  whatsappConsentSource: string | null;
}

/**
 * The opt-in to store. No source: none (or, on an update that leaves it out, the current one).
 * A source keeps the recorded date when it is unchanged and no date is given; otherwise the
 * given date, else now (the moment the user records it).
 */
export function resolveWhatsAppConsent(
  input: { whatsappConsentSource?: WhatsAppConsentSource | null; whatsappConsentAt?: string | null },
  current: WhatsAppConsent | null,
  now: Date,
): WhatsAppConsent {
  const source = input.whatsappConsentSource;
  if (source === undefined && current) return current;
  if (!source) return { whatsappConsentAt: null, whatsappConsentSource: null };
  if (!input.whatsappConsentAt && current?.whatsappConsentSource === source && current.whatsappConsentAt) {
    return current;
  }
  const at = input.whatsappConsentAt ? new Date(input.whatsappConsentAt) : now;
  return { whatsappConsentAt: at, whatsappConsentSource: source };
}
