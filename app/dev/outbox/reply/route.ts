import { NextRequest } from "next/server";
import { POST as inbound } from "@/app/api/webhooks/twilio/inbound/route";
import { publicRoute } from "@/lib/api/route";
import { replyFromOutbox } from "@/lib/channels/reply-from-outbox";
import { notFound } from "@/lib/errors/domain-error";
import { outboxEnabled } from "@/lib/outbox/outbox-enabled";
import { outboxReplySchema } from "@/lib/validations/outbox-reply";

/**
 * Development only (a 404 in production): answers an SMS or WhatsApp message of the dev outbox
 * as its recipient would, through the inbound webhook's own handler with a signed request.
 */
export const POST = publicRoute({ body: outboxReplySchema }, async ({ body }) => {
  if (!outboxEnabled()) throw notFound();
  return replyFromOutbox(body.messageId, body.body, (request) =>
    inbound(new NextRequest(request), { params: Promise.resolve({}) }),
  );
});
