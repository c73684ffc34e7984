import { env } from "@/lib/env";
import { storeOutboxMessage } from "@/lib/outbox/store-outbox-message";
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

/** SMS and WhatsApp through Twilio's Messages API; the dev outbox when credentials are unset. */
export function twilioChannel(channel: "sms" | "whatsapp"): Channel {
  return {
    async send(message: OutgoingMessage): Promise<SendResult> {
      const config = twilioConfig();
      const to = address(channel, message.to);
      if (!config) {
        const stored = await storeOutboxMessage({ channel, to, text: message.text });
        return { providerMessageId: `outbox-${stored.id}`, outbox: true };
      }
      const from = channel === "whatsapp" ? config.whatsappFrom : config.smsFrom;
      if (!from) throw new ChannelError(`No sender number configured for ${channel}`, false, "config");
      const form = new URLSearchParams({
        To: to,
        From: address(channel, from),
        Body: message.text,
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
      throw new ChannelError(text, transient, body.code ? String(body.code) : String(response.status));
    },
  };
}
