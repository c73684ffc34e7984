import { deliveryTranslator, preferencesUrl } from "@/lib/messages/render-message";

/**
 * The line an SMS or WhatsApp message of delivery `deliveryId` carries its preferences link in,
 * in `locale`: the engine adds it where it costs nothing, the dialog's preview leaves it out (the
 * link exists once the delivery does).
 */
export const preferencesLine = (locale: string, deliveryId = 1) =>
  deliveryTranslator(locale)("preferencesLine", { url: preferencesUrl(deliveryId) });

/** An SMS text with the preferences line before its last line (the STOP line), as the engine sends it. */
export function smsWithPreferences(text: string, locale: string, deliveryId = 1) {
  const lines = text.split("\n");
  return [...lines.slice(0, -1), preferencesLine(locale, deliveryId), ...lines.slice(-1)].join("\n");
}
