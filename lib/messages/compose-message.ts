import { PRODUCT_NAME } from "@/config/product";
import { whatsappTemplateVariables, type TemplateVariablesResult } from "@/lib/channels/whatsapp-template";

/** The fixed lines of a reminder, from the `delivery` messages in the recipient's language. */
export const DELIVERY_TEXT_KEYS = [
  "subject",
  "subjectNoSender",
  "greeting",
  "defaultMessage",
  "signature",
  "smsFrom",
  "smsStop",
  "smsConfirmationAsk",
  "whatsappText",
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

/**
 * Without a name of their own (sender name, first or last name, account name) a user's sender is
 * their e-mail address: never put in a subject or a From name, where it reads as spoofed.
 */
export const isAddressOnly = (sender: string) => /^[^\s@]+@[^\s@]+$/.test(sender.trim());

/**
 * Every channel says who the message is from: an SMS in its product-name prefix ("Remindful,
 * from Ana Pérez: ..."), WhatsApp in its template's text, an e-mail in its From name, subject and
 * signature (the subject and From name without an address: see isAddressOnly).
 */
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
    // Sent as an approved template, whose fixed text is this one (docs/deployment.md).
    return {
      channel,
      text: t("whatsappText", { sender, message: body }),
      template: whatsappTemplateVariables(sender, body),
    };
  }
  // Terms: SMS are prefixed with the product name and say how to opt out.
  if (channel === "sms") {
    const ask = askConfirmation ? `${t("smsConfirmationAsk")}\n` : "";
    return { channel, text: `${t("smsFrom", { sender })} ${body}\n${ask}${t("smsStop")}` };
  }
  const named = !isAddressOnly(sender);
  return {
    channel,
    subject: named ? t("subject", { sender }) : t("subjectNoSender"),
    fromName: named ? `${sender} via ${PRODUCT_NAME}` : PRODUCT_NAME,
    greeting: t("greeting", { name: contactName }),
    body,
    signature: t("signature", { sender }),
  };
}
