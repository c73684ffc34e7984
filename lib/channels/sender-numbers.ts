import "server-only";
import { twilioConfig } from "./twilio-config";

/**
 * The numbers reminders come from, as a recipient sees them: SMS (none when a Messaging Service
 * picks one of its pool's numbers per message) and WhatsApp. Where a contact who replied STOP
 * texts START: carriers and WhatsApp take an opt-in only on the channel, from the person's phone.
 */
export function senderNumbers(): { sms: string | null; whatsapp: string | null } {
  const config = twilioConfig();
  if (!config) return { sms: null, whatsapp: null };
  const sms = config.messagingServiceSid && !config.smsFrom ? null : (config.smsFrom ?? null);
  return { sms, whatsapp: config.whatsappFrom ?? null };
}
