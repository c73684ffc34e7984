import { PRODUCT_NAME } from "@/config/product";
import { whatsappTemplateVariables, type TemplateVariablesResult } from "@/lib/channels/whatsapp-template";

/** The fixed lines of a reminder, from the `delivery` messages in the recipient's language. */
export const DELIVERY_TEXT_KEYS = [
  "subject",
  "greeting",
  "defaultMessage",
  "signature",
  "smsStop",
  "smsConfirmationAsk",
] as const;
export type DeliveryTextKey = (typeof DELIVERY_TEXT_KEYS)[number];
export type DeliveryText = (key: DeliveryTextKey, values?: Record<string, string>) => string;

/**
 * What one occurrence says on each channel, before addresses and headers: the engine
 * (lib/delivery/render-message.ts) and the dialog's preview both build it here, so the preview
 * shows exactly what is sent.
 */
export type ComposedMessage =
  | { channel: "email"; subject: string; fromName: string; greeting: string; body: string; signature: string }
  | { channel: "sms"; text: string }
  | { channel: "whatsapp"; text: string; template: TemplateVariablesResult };

export interface ComposeInput {
  channel: "email" | "sms" | "whatsapp";
  /** The reminder's text with its fields filled in; empty falls back to the default message. */
  message: string | null;
  contactName: string;
  senderName: string;
  /** SMS: the line asking for a reply (YES, NO, LATER) before the STOP line. */
  askConfirmation?: boolean;
  t: DeliveryText;
}

export function composeMessage({
  channel,
  message,
  contactName,
  senderName,
  askConfirmation,
  t,
}: ComposeInput): ComposedMessage {
  const sender = senderName;
  const body = message?.trim() || t("defaultMessage", { sender });
  if (channel === "whatsapp") {
    // Sent as an approved template: its fixed text carries the product name and wording.
    return { channel, text: `${PRODUCT_NAME}: ${body}`, template: whatsappTemplateVariables(sender, body) };
  }
  // Terms: SMS are prefixed with the product name and say how to opt out.
  if (channel === "sms") {
    const ask = askConfirmation ? `${t("smsConfirmationAsk")}\n` : "";
    return { channel, text: `${PRODUCT_NAME}: ${body}\n${ask}${t("smsStop")}` };
  }
  return {
    channel,
    subject: t("subject", { sender }),
    fromName: `${sender} via ${PRODUCT_NAME}`,
    greeting: t("greeting", { name: contactName }),
    body,
    signature: t("signature", { sender }),
  };
}
