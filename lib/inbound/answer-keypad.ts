import "server-only";
import { hangUpTwiml, redirectTwiml, sayAndHangUp, sayAndRedirect } from "@/lib/channels/call-twiml";
import { callDeliveryId, callWebhookUrl } from "@/lib/channels/call-webhook-url";
import { offeredCallKeys } from "@/lib/channels/offered-call-keys";
import { fromZodError } from "@/lib/errors/zod-error";
import { deliveryTranslator } from "@/lib/messages/render-message";
import { recordReply } from "@/lib/replies/record-reply";
import { twilioGatherSchema } from "@/lib/validations/twilio-gather";
import { findCallDelivery } from "./find-call-delivery";
import { keypadAcknowledgement, keypadAction } from "./keypad-acknowledgement";
import { textPreferencesLink } from "./text-preferences-link";

/**
 * A key pressed after a reminder call's message (Twilio's Gather action, already signed; `marker`
 * is the URL's `?d=`): the TwiML the call continues with, in the recipient's language. The call
 * must be one placed for that call delivery (findCallDelivery), else the call just ends. 1, 2 and 3
 * answer the reminder's confirmation ask through the replies, as a text reply would (a call that
 * asks for none does not offer them: there they do nothing, like any other key); 9 stops this
 * sender's calls to the number; 8 texts the contact the link to their preferences page; each is
 * kept in the History (body the key, id `<CallSid>:<key>`, so a replayed press changes nothing).
 * 0 hears the message again; another key says so and plays it again.
 */
export async function answerKeypad(
  raw: Record<string, string>,
  marker: string | null,
  now = new Date(),
): Promise<string> {
  const parsed = twilioGatherSchema.safeParse(raw);
  if (!parsed.success) throw fromZodError(parsed.error);
  const { CallSid, Digits } = parsed.data;
  const deliveryId = callDeliveryId(marker);
  if (deliveryId === null) return hangUpTwiml();
  const call = await findCallDelivery(CallSid, deliveryId, now);
  if (!call) return hangUpTwiml();
  // The recipient's language: the contact's, else the owner's.
  const locale = call.delivery.contactLocale ?? call.delivery.locale;
  const t = deliveryTranslator(locale);
  const again = callWebhookUrl("twiml", deliveryId);
  const action = keypadAction(Digits);
  if (action === "repeat") return redirectTwiml(again);
  const offered = (offeredCallKeys(call.delivery.askConfirmation) as string[]).includes(Digits);
  if (!action || !offered) return sayAndRedirect(locale, t("call.unknownKey"), again);
  const sender = call.delivery.senderName;
  const recorded = await recordReply({
    channel: "call",
    deliveryId: deliveryId,
    body: Digits,
    // 8 asks for nothing of the reminder: kept as a key that did nothing to it.
    action: action === "preferences_link" ? "none" : action,
    messageSid: `${CallSid}:${Digits}`,
    now,
    // The words that offered 9, as the call said them: the opt-out's consent record.
    optOutWording: action === "opt_out" ? t("call.keypadOptions", { sender }) : undefined,
  });
  if (action === "opt_out") {
    return sayAndHangUp(locale, t("call.optedOut", { sender }));
  }
  if (action === "preferences_link") {
    // A replayed 8 sends nothing again and gets the first answer.
    const sent = recorded?.fresh ? await textPreferencesLink(call.delivery, locale) : recorded !== null;
    return sayAndHangUp(locale, t(sent ? "call.linkSent" : "call.linkNotSent"));
  }
  return sayAndHangUp(locale, t(keypadAcknowledgement(action, recorded)));
}
