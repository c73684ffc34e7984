import "server-only";
import { createTwilioResource } from "./create-twilio-resource";
import { env } from "@/lib/env";
import type { DbOrTx } from "@/lib/db";
import { storeOutboxMessage } from "@/lib/outbox/store-outbox-message";
import {
  channelReadiness,
  whatsappConfirmTemplateSid,
  whatsappMediaTemplateSid,
  whatsappTemplateSid,
} from "./channel-readiness";
import { findTwilioMessage } from "./find-twilio-message";
import { OUTBOX_SENDER, twilioConfig, type TwilioConfig } from "./twilio-config";
import { ChannelError, type Channel, type OutgoingMessage, type SendResult } from "./types";

function address(channel: "sms" | "whatsapp", value: string): string {
  const bare = value.replace(/^whatsapp:/, "");
  return channel === "whatsapp" ? `whatsapp:${bare}` : bare;
}

/** Status callback URL carrying the delivery, so a late callback still names its delivery. */
function statusCallback(message: OutgoingMessage): string {
  return `${env.APP_URL.replace(/\/$/, "")}/api/webhooks/twilio/status?d=${encodeURIComponent(message.idempotencyKey)}`;
}

function sender(channel: "sms" | "whatsapp", config: TwilioConfig): Record<string, string> {
  if (channel === "sms" && config.messagingServiceSid)
    return { MessagingServiceSid: config.messagingServiceSid };
  const from = channel === "whatsapp" ? config.whatsappFrom : config.smsFrom;
  if (!from)
    throw new ChannelError(`No sender number configured for ${channel}`, false, "channel_not_configured");
  return { From: address(channel, from) };
}

/**
 * The message's content: a Content template on WhatsApp (ContentSid + ContentVariables, never
 * Body or MediaUrl beside them: the template carries the media), else Body. A reminder asking
 * for a reply takes the quick-reply template; a video that fits takes the media-header template
 * of its language when there is one; anything else the text template.
 */
function content(
  channel: "sms" | "whatsapp",
  message: OutgoingMessage,
  config: TwilioConfig,
): Record<string, string> {
  if (channel === "sms") return { Body: message.text };
  const confirmSid = message.askConfirmation ? whatsappConfirmTemplateSid(config, message.locale) : undefined;
  const mediaSid =
    !confirmSid && message.mediaTemplateVariables
      ? whatsappMediaTemplateSid(config, message.locale)
      : undefined;
  if (mediaSid && message.mediaTemplateVariables) {
    return { ContentSid: mediaSid, ContentVariables: JSON.stringify(message.mediaTemplateVariables) };
  }
  const contentSid = confirmSid ?? whatsappTemplateSid(config, message.locale);
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
    async send(message: OutgoingMessage, outbox?: DbOrTx): Promise<SendResult> {
      const to = address(channel, message.to);
      const readiness = channelReadiness(channel, message.locale);
      if (!readiness.ready) {
        throw new ChannelError(
          `${channel === "sms" ? "SMS" : "WhatsApp"} is not configured (${readiness.missing})`,
          false,
          "channel_not_configured",
        );
      }
      const config = twilioConfig();
      if (readiness.via === "outbox" || !config) {
        // From the stand-in's number (twilio-config.ts): a reply typed at /dev/outbox goes back to it.
        const from = config?.outbox ? address(channel, OUTBOX_SENDER) : undefined;
        const stored = await storeOutboxMessage(
          { channel, to, from, text: message.text, workspaceId: message.workspaceId },
          outbox,
        );
        return { providerMessageId: `outbox-${stored.id}`, outbox: true };
      }
      const form = new URLSearchParams({
        To: to,
        ...sender(channel, config),
        ...content(channel, message, config),
        StatusCallback: statusCallback(message),
        // A reminder hours late is worse than none: Twilio drops it after this (error 30036).
        ValidityPeriod: String(config.validityPeriod),
      });
      // 21610 (the recipient replied STOP to this sender) fails with that code; recordOutcomes
      // opts the contact out of the channel for it.
      const sid = await createTwilioResource(config, "Messages", form);
      return { providerMessageId: sid, outbox: false };
    },
    async find(message, since, taken) {
      const config = twilioConfig();
      // The stand-in sends nothing that could be looked up.
      if (!config || config.outbox) return null;
      const from = sender(channel, config);
      return findTwilioMessage(config, {
        to: address(channel, message.to),
        from: from.From,
        messagingServiceSid: from.MessagingServiceSid,
        // A WhatsApp template is rendered by Twilio, so its body is not ours to compare.
        body: channel === "sms" ? message.text : undefined,
        since,
        taken,
      });
    },
  };
}
