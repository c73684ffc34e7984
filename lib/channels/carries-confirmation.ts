import "server-only";
import { whatsappConfirmTemplateSid } from "./channel-readiness";
import { twilioConfig } from "./twilio-config";
import type { OutgoingMessage } from "./types";

/**
 * Whether a message leaves with the YES / NO / LATER ask: SMS always (a line of its text), a call
 * always (its keypad prompt: 1, 2 or 3), WhatsApp only through a quick-reply template of its
 * language (else the plain template goes, without the ask, and no answer is awaited). The dev
 * outbox shows the ask as it is.
 */
export function carriesConfirmation(message: OutgoingMessage): boolean {
  if (!message.askConfirmation) return false;
  if (message.channel === "sms" || message.channel === "call") return true;
  if (message.channel !== "whatsapp") return false;
  const config = twilioConfig();
  return (
    !config || config.outbox === true || whatsappConfirmTemplateSid(config, message.locale) !== undefined
  );
}
