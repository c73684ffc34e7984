import { NextRequest } from "next/server";
import { POST as inbound } from "@/app/api/webhooks/twilio/inbound/route";
import { POST as gather } from "@/app/api/webhooks/twilio/voice/gather/route";
import { CALL_WEBHOOK_PATHS } from "@/config/calls";
import { publicRoute } from "@/lib/api/route";
import { replyFromOutbox } from "@/lib/channels/reply-from-outbox";
import { invalidInput, notFound } from "@/lib/errors/domain-error";
import { outboxEnabled } from "@/lib/outbox/outbox-enabled";
import { outboxReplySchema } from "@/lib/validations/outbox-reply";

/** The webhooks a reply typed at the outbox reaches, by path: a text's and a call key's. */
const WEBHOOKS = {
  "/api/webhooks/twilio/inbound": inbound,
  [CALL_WEBHOOK_PATHS.gather]: gather,
} as const;

/**
 * Development only (a 404 in production): answers an SMS or WhatsApp message of the dev outbox
 * as its recipient would, or presses a key on a call, through the webhook's own handler with a
 * signed request.
 */
export const POST = publicRoute({ body: outboxReplySchema }, async ({ body }) => {
  if (!outboxEnabled()) throw notFound();
  return replyFromOutbox(body.messageId, body.body, (request) => {
    const { pathname } = new URL(request.url);
    const handler = WEBHOOKS[pathname as keyof typeof WEBHOOKS];
    if (!handler) throw invalidInput("Not a webhook of this app");
    return handler(new NextRequest(request), { params: Promise.resolve({}) });
  });
});
