import { createTranslator, type AbstractIntlMessages } from "use-intl/core";
import type { DeliveryMethod, MediaKind } from "@/db/schema/enums";
import type { Locale } from "@/i18n/locales";
import { smsSegmentInfo, type SmsSegmentInfo } from "@/lib/channels/sms-segments";
import type { CivilDate } from "@/lib/recurrence/civil-date";
import { composeMessage, type ComposedMessage, type DeliveryTextKey } from "./compose-message";
import type { DeliveryTexts } from "./delivery-texts";
import { renderFields, type YearlyDate } from "./render-fields";

export interface PreviewInput {
  channel: DeliveryMethod;
  message: string;
  contactName: string;
  senderName: string;
  /** The recipient's language: the contact's, else the user's. */
  locale: Locale;
  occurrenceDate: CivilDate;
  contactDate?: YearlyDate | null;
  /** The reminder asks for a reply (the SMS gains the YES/NO/LATER line, a call the keys 1, 2, 3). */
  askConfirmation?: boolean;
  /** A voice or video reminder's clip: a call plays a voice clip in place of the message. */
  recording?: MediaKind;
  texts: DeliveryTexts;
}

export type MessagePreview = ComposedMessage & {
  /** SMS only: how the text travels. */
  sms?: SmsSegmentInfo;
  /** WhatsApp only: the language whose Content template is used. */
  templateLocale?: Locale;
};

/**
 * The texts' dotted keys ("call.greeting") as the nested messages the translator reads; typed by
 * the dotted keys, which is how the translator is asked for them.
 */
function nestedMessages<K extends string>(texts: Record<K, string>): Record<K, string> {
  const root: AbstractIntlMessages = {};
  for (const [key, value] of Object.entries(texts)) {
    const parts = key.split(".");
    let node = root;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as AbstractIntlMessages;
    node[parts[parts.length - 1]] = value as string;
  }
  return root as Record<K, string>;
}

/**
 * Exactly what a channel will send for this occurrence: the fields filled in as the engine fills
 * them, then the same composition (lib/messages/compose-message.ts), formatted by the same ICU
 * messages in the recipient's language.
 */
export function previewMessage(input: PreviewInput): MessagePreview {
  const translator = createTranslator({
    locale: input.locale,
    messages: { delivery: nestedMessages(input.texts[input.locale]) },
    namespace: "delivery",
  });
  const message = renderFields(input.message, {
    contactName: input.contactName,
    senderName: input.senderName,
    locale: input.locale,
    occurrenceDate: input.occurrenceDate,
    contactDate: input.contactDate,
  });
  const composed = composeMessage({
    channel: input.channel,
    message,
    contactName: input.contactName,
    senderName: input.senderName,
    askConfirmation: input.askConfirmation,
    // The call's script reads only the clip's kind; the other channels' link lines are not
    // previewed (the link exists once the delivery does).
    playback: input.recording && input.channel === "call" ? { kind: input.recording, url: "" } : undefined,
    t: (key: DeliveryTextKey, values) => translator(key, values),
  });
  if (composed.channel === "sms") return { ...composed, sms: smsSegmentInfo(composed.text) };
  if (composed.channel === "whatsapp") return { ...composed, templateLocale: input.locale };
  return composed;
}
