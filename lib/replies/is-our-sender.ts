import "server-only";
import { twilioConfig } from "@/lib/channels/twilio-config";

/**
 * Whether an inbound message was sent to the number our reminders leave from on that channel
 * (its `To`). SMS through a Messaging Service may leave from any number of its pool, so any
 * `To` is ours then. Without Twilio settings nothing is ours.
 */
export function isOurSender(channel: "sms" | "whatsapp", to: string | undefined): boolean {
  const config = twilioConfig();
  if (!config || !to) return false;
  if (channel === "whatsapp") return !!config.whatsappFrom && to === `whatsapp:${config.whatsappFrom}`;
  if (config.messagingServiceSid) return true;
  return !!config.smsFrom && to === config.smsFrom;
}
