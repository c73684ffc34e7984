import { PRODUCT_NAME } from "@/config/product";
import { whatsappTemplateVariables, type TemplateVariablesResult } from "@/lib/channels/whatsapp-template";
import { dropDoubledStops } from "./drop-doubled-stops";

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
  "playVoice",
  "playVideo",
  "call.greeting",
  "call.keypadConfirm",
  "call.keypadOptions",
  "call.goodbye",
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
  | { channel: "whatsapp"; text: string; template: TemplateVariablesResult }
  /**
   * A call's spoken lines: who it is from, the message (null: a voice reminder plays its
   * recording instead), the keypad prompt (1, 2 and 3 only when a confirmation is asked) and goodbye.
   */
  | { channel: "call"; greeting: string; text: string | null; prompt: string; goodbye: string };

export interface ComposeInput {
  channel: "email" | "sms" | "whatsapp" | "call";
  /** The reminder's text with its fields filled in; empty falls back to the default message. */
  message: string | null;
  contactName: string;
  senderName: string;
  /** SMS: the line asking for a reply (YES, NO, LATER) before the STOP line. */
  askConfirmation?: boolean;
  /** Voice and video: the clip's playback page, carried as a "Listen:" / "Watch:" line. */
  playback?: { kind: "voice" | "video"; url: string };
  t: DeliveryText;
}

/** The line that carries a clip's playback link ("Watch: https://…/play/…"). */
export function playbackLine(playback: { kind: "voice" | "video"; url: string }, t: DeliveryText): string {
  return t(playback.kind === "video" ? "playVideo" : "playVoice", { url: playback.url });
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
  playback,
  t: translate,
}: ComposeInput): ComposedMessage {
  // A sender or contact name ending with a stop ("Lucía G.") before a line's own: one stop.
  const t: DeliveryText = (key, values) => dropDoubledStops(translate(key, values), values);
  const sender = senderName;
  const body = message?.trim() || t("defaultMessage", { sender });
  if (channel === "call") {
    const options = t("call.keypadOptions", { sender });
    return {
      channel,
      greeting: t("call.greeting", { sender, product: PRODUCT_NAME }),
      text: playback?.kind === "voice" ? null : body,
      prompt: askConfirmation ? `${t("call.keypadConfirm")} ${options}` : options,
      goodbye: t("call.goodbye"),
    };
  }
  const play = playback ? playbackLine(playback, t) : null;
  if (channel === "whatsapp") {
    // Sent as an approved template, whose fixed text is this one (docs/deployment.md); a
    // variable holds no newline, so the link follows the message after a space.
    const withLink = play ? `${body} ${play}` : body;
    return {
      channel,
      text: t("whatsappText", { sender, message: withLink }),
      template: whatsappTemplateVariables(sender, withLink),
    };
  }
  // Terms: SMS are prefixed with the product name and say how to opt out.
  if (channel === "sms") {
    const ask = askConfirmation ? `${t("smsConfirmationAsk")}\n` : "";
    const link = play ? `${play}\n` : "";
    return { channel, text: `${t("smsFrom", { sender })} ${body}\n${link}${ask}${t("smsStop")}` };
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
