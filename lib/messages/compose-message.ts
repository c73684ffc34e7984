import { PRODUCT_NAME } from "@/config/product";
import { smsSegments } from "@/lib/channels/sms-segments";
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
  "preferencesLine",
  "call.greeting",
  "call.keypadConfirm",
  "call.keypadOptions",
  "call.keypadPreferences",
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
   * recording instead), the keypad prompt (1, 2 and 3 only when a confirmation is asked; 0, 9
   * and 8, the preferences link by SMS, always) and goodbye.
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
  /**
   * The contact's preferences page: SMS and WhatsApp carry it as a "Preferences:" line where it
   * costs nothing more (see composeMessage); the e-mail's footer is added by renderMessage.
   */
  preferences?: { url: string };
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
 *
 * The preferences link rides where it costs the contact and the sender nothing: an SMS gains its
 * line (before the STOP line) only when the text still travels in as many segments, and a WhatsApp
 * message only when its template variables stay within their limit (it follows the message after
 * a space, as the playback link does). Otherwise the message goes as it would without it.
 */
export function composeMessage({
  channel,
  message,
  contactName,
  senderName,
  askConfirmation,
  playback,
  preferences,
  t: translate,
}: ComposeInput): ComposedMessage {
  // A sender or contact name ending with a stop ("Lucía G.") before a line's own: one stop.
  const t: DeliveryText = (key, values) => dropDoubledStops(translate(key, values), values);
  const sender = senderName;
  const body = message?.trim() || t("defaultMessage", { sender });
  if (channel === "call") {
    const options = `${t("call.keypadOptions", { sender })} ${t("call.keypadPreferences", { sender })}`;
    return {
      channel,
      greeting: t("call.greeting", { sender, product: PRODUCT_NAME }),
      text: playback?.kind === "voice" ? null : body,
      prompt: askConfirmation ? `${t("call.keypadConfirm")} ${options}` : options,
      goodbye: t("call.goodbye"),
    };
  }
  const play = playback ? playbackLine(playback, t) : null;
  const preferencesLine = preferences ? t("preferencesLine", { url: preferences.url }) : null;
  if (channel === "whatsapp") {
    // Sent as an approved template, whose fixed text is this one (docs/deployment.md); a
    // variable holds no newline, so the links follow the message after a space.
    const withLink = play ? `${body} ${play}` : body;
    const withPreferences = preferencesLine ? `${withLink} ${preferencesLine}` : withLink;
    const carried = whatsappTemplateVariables(sender, withPreferences).ok ? withPreferences : withLink;
    return {
      channel,
      text: t("whatsappText", { sender, message: carried }),
      template: whatsappTemplateVariables(sender, carried),
    };
  }
  // Terms: SMS are prefixed with the product name and say how to opt out.
  if (channel === "sms") {
    const ask = askConfirmation ? `${t("smsConfirmationAsk")}\n` : "";
    const link = play ? `${play}\n` : "";
    const head = `${t("smsFrom", { sender })} ${body}\n${link}${ask}`;
    const text = `${head}${t("smsStop")}`;
    if (!preferencesLine) return { channel, text };
    const withPreferences = `${head}${preferencesLine}\n${t("smsStop")}`;
    return { channel, text: smsSegments(withPreferences) === smsSegments(text) ? withPreferences : text };
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
