import "server-only";
import { createTwilioResource } from "./create-twilio-resource";
import { CALL_RING_TIMEOUT_S, CALL_TIME_LIMIT_S } from "@/config/calls";
import type { DbOrTx } from "@/lib/db";
import { storeOutboxMessage } from "@/lib/outbox/store-outbox-message";
import { callTwiml } from "./call-twiml";
import { callWebhookUrl } from "./call-webhook-url";
import { channelReadiness } from "./channel-readiness";
import { findTwilioCall } from "./find-twilio-call";
import { offeredCallKeys } from "./offered-call-keys";
import { callerId, OUTBOX_SENDER, twilioConfig } from "./twilio-config";
import { ChannelError, type Channel, type OutgoingMessage, type SendResult } from "./types";

/** Every progress event the Calls API reports (https://www.twilio.com/docs/voice/api/call-resource). */
const STATUS_EVENTS = ["initiated", "ringing", "answered", "completed"] as const;

/** The delivery a message belongs to, from its idempotency key (`delivery-<id>`). */
function deliveryIdOf(message: OutgoingMessage): number {
  const id = /^delivery-(\d+)$/.exec(message.idempotencyKey)?.[1];
  if (!id) throw new ChannelError(`Not a delivery's message: ${message.idempotencyKey}`, false, "unknown");
  return Number(id);
}

/**
 * Reminder calls through Twilio's Calls API: Twilio calls the contact from the caller ID and,
 * once someone (or a voicemail, after its greeting) picks up, fetches the call's TwiML from the
 * delivery's voice webhook; its progress comes back to the delivery's status webhook. In
 * development without Twilio settings the call is kept in the dev outbox with the TwiML a person
 * would hear; in production without them the send fails.
 */
export const twilioCallChannel: Channel = {
  async send(message: OutgoingMessage, outbox?: DbOrTx): Promise<SendResult> {
    const readiness = channelReadiness("call");
    if (!readiness.ready) {
      throw new ChannelError(
        `Calls are not configured (${readiness.missing})`,
        false,
        "channel_not_configured",
      );
    }
    if (!message.call) throw new ChannelError("A call delivery has no script", false, "unknown");
    const deliveryId = deliveryIdOf(message);
    const answerUrl = callWebhookUrl("twiml", deliveryId);
    const config = twilioConfig();
    if (readiness.via === "outbox" || !config || config.outbox) {
      const stored = await storeOutboxMessage(
        {
          channel: "call",
          to: message.to,
          // The stand-in's number: keys pressed at /dev/outbox come from the contact to it.
          from: config?.outbox ? OUTBOX_SENDER : undefined,
          text: callTwiml(message.call, "person"),
          // The outbox's keypad offers the keys this call does (offeredCallKeys).
          headers: {
            url: answerUrl,
            gatherUrl: message.call.gatherUrl,
            keys: offeredCallKeys(message.askConfirmation),
          },
          workspaceId: message.workspaceId,
        },
        outbox,
      );
      return { providerMessageId: `outbox-${stored.id}`, outbox: true };
    }
    const from = callerId(config);
    if (!from) throw new ChannelError("No caller ID configured", false, "channel_not_configured");
    const form = new URLSearchParams({
      To: message.to,
      From: from,
      Url: answerUrl,
      Method: "POST",
      StatusCallback: callWebhookUrl("status", deliveryId),
      StatusCallbackMethod: "POST",
      Timeout: String(CALL_RING_TIMEOUT_S),
      TimeLimit: String(CALL_TIME_LIMIT_S),
    });
    for (const event of STATUS_EVENTS) form.append("StatusCallbackEvent", event);
    // Twilio waits for the end of a voicemail greeting before fetching the TwiML, and says who
    // answered (AnsweredBy): a machine hears the message without the keypad.
    if (config.machineDetection !== false) form.set("MachineDetection", "DetectMessageEnd");
    const sid = await createTwilioResource(config, "Calls", form);
    return { providerMessageId: sid, outbox: false };
  },
  async find(message, since, taken) {
    const config = twilioConfig();
    // The stand-in calls nobody: nothing to look up.
    if (!config || config.outbox) return null;
    const from = callerId(config);
    if (!from) return null;
    return findTwilioCall(config, { to: message.to, from, since, taken });
  },
};
