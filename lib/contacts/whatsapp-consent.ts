import "server-only";
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
  // Only the two consent fields: the caller spreads the result into its row.
  const kept = current && {
    whatsappConsentAt: current.whatsappConsentAt,
    whatsappConsentSource: current.whatsappConsentSource,
  };
  if (source === undefined && kept) return kept;
  if (!source) return { whatsappConsentAt: null, whatsappConsentSource: null };
  if (!input.whatsappConsentAt && kept?.whatsappConsentSource === source && kept.whatsappConsentAt)
    return kept;
  const at = input.whatsappConsentAt ? new Date(input.whatsappConsentAt) : now;
  return { whatsappConsentAt: at, whatsappConsentSource: source };
}
