import { env } from "@/lib/env";
import { storeOutboxMessage } from "@/lib/outbox/store-outbox-message";
import { TWILIO_ERRORS } from "@/lib/delivery/failure-reasons";
import { channelReadiness, whatsappTemplateSid } from "./channel-readiness";
import { twilioConfig } from "./twilio-config";
import { ChannelError, type Channel, type OutgoingMessage, type SendResult } from "./types";

const SEND_TIMEOUT_MS = 15_000;

interface TwilioErrorBody {
  code?: number;
  message?: string;
}

function address(channel: "sms" | "whatsapp", value: string): string {
  const bare = value.replace(/^whatsapp:/, "");
  return channel === "whatsapp" ? `whatsapp:${bare}` : bare;
}

/** The message's content: a Content template on WhatsApp (ContentSid + ContentVariables), else Body. */
function content(channel: "sms" | "whatsapp", message: OutgoingMessage): Record<string, string> {
  if (channel === "sms") return { Body: message.text };
  const config = twilioConfig();
  const contentSid = config ? whatsappTemplateSid(config, message.locale) : undefined;
  if (!contentSid) {
    throw new ChannelError("No WhatsApp template configured", false, "channel_not_configured");
  }
  if (!message.templateVariables) {
    throw new ChannelError("WhatsApp template variables are invalid", false, "template_variable_invalid");
  }
  return { ContentSid: contentSid, ContentVariables: JSON.stringify(message.templateVariables) };
}

/**
 * SMS and WhatsApp through Twilio's Messages API; the dev outbox in development when
 * credentials are unset; in production an unconfigured channel fails the send.
 */
export function twilioChannel(channel: "sms" | "whatsapp"): Channel {
  return {
    async send(message: OutgoingMessage): Promise<SendResult> {
      const to = address(channel, message.to);
      const readiness = channelReadiness(channel, message.locale);
      if (!readiness.ready) {
        throw new ChannelError(
          `${channel === "sms" ? "SMS" : "WhatsApp"} is not configured (${readiness.missing})`,
          false,
          "channel_not_configured",
        );
      }
      if (readiness.via === "outbox") {
        const stored = await storeOutboxMessage({ channel, to, text: message.text });
        return { providerMessageId: `outbox-${stored.id}`, outbox: true };
      }
      const config = twilioConfig()!;
      const from = channel === "whatsapp" ? config.whatsappFrom! : config.smsFrom!;
      const form = new URLSearchParams({
        To: to,
        From: address(channel, from),
        ...content(channel, message),
        StatusCallback: `${env.APP_URL.replace(/\/$/, "")}/api/webhooks/twilio/status`,
      });
      const url = `${config.apiBase}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
      let response: Response;
      try {
        response = await fetch(url, {
          method: "POST",
          headers: {
            authorization: `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString("base64")}`,
            "content-type": "application/x-www-form-urlencoded",
          },
          body: form,
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new ChannelError(`Twilio unreachable: ${reason}`, true, "network");
      }
      const body = (await response.json().catch(() => ({}))) as TwilioErrorBody & { sid?: string };
      if (response.ok && body.sid) return { providerMessageId: body.sid, outbox: false };
      const transient = response.status === 429 || response.status >= 500;
      const text = body.message ?? `Twilio answered HTTP ${response.status}`;
      const code = body.code ? String(body.code) : String(response.status);
      // 21610: the recipient replied STOP to this sender; recorded as an opt-out of the channel.
      if (code === TWILIO_ERRORS.unsubscribedRecipient) {
        throw new ChannelError(`${text} (Twilio ${code})`, false, "opted_out");
      }
      throw new ChannelError(text, transient, code);
    },
  };
}
