import "server-only";
import type { ReplyAction } from "@/db/schema/enums";
import { deliveryTranslator } from "@/lib/messages/render-message";
import type { TwilioInbound } from "@/lib/validations/twilio-webhook";
import { isOurSender } from "./is-our-sender";
import { parseReplyKeyword } from "./parse-reply-keyword";
import { recordReply } from "./record-reply";

/** What the keyword step (STOP, START, HELP) already did with the message. */
type KeywordAction = "opt_out" | "opt_in" | "help" | "none";

/**
 * After STOP, START and HELP have taken effect: the reply is stored on the delivery awaiting
 * an answer from that number and, for YES, NO or LATER, acted on. An opt-out or HELP word
 * never confirms; YES is also Twilio's default opt-in word, so it opts in and confirms.
 * Returns the acknowledgement to answer with, or null to keep the keyword step's answer.
 */
export async function answerConfirmation(
  inbound: TwilioInbound,
  channel: "sms" | "whatsapp",
  keyword: KeywordAction,
  now = new Date(),
): Promise<string | null> {
  if (!inbound.MessageSid || !isOurSender(channel, inbound.To)) return null;
  const parsed =
    keyword === "opt_out" || keyword === "help"
      ? null
      : parseReplyKeyword(inbound.Body, inbound.ButtonPayload);
  const action: ReplyAction = parsed ?? keyword;
  const recorded = await recordReply({
    channel,
    phone: inbound.From.replace(/^whatsapp:/, ""),
    body: inbound.Body || inbound.ButtonPayload || "",
    action,
    messageSid: inbound.MessageSid,
    now,
  });
  if (!recorded || !parsed) return null;
  return deliveryTranslator(recorded.locale)(`confirmation.${parsed}`);
}
