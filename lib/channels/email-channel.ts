import "server-only";
import { createHash } from "node:crypto";
import { sendMail } from "@/lib/mail/send-mail";
import { authSecret } from "@/lib/security/secret";
import { env } from "@/lib/env";
import type { DbOrTx } from "@/lib/db";
import { channelReadiness } from "./channel-readiness";
import { ChannelError, type Channel, type OutgoingMessage, type SendResult } from "./types";

// MAIL_FROM's address (and APP_URL's host, below) are fixed for the process: read once, not per message.
let fromAddress: string | undefined;

/** `"Ana via Remindful" <address of MAIL_FROM>` */
function fromHeader(fromName: string | undefined): string {
  if (!fromName) return env.MAIL_FROM;
  fromAddress ??= /<([^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM;
  return `"${fromName.replace(/["\\\r\n]/g, "")}" <${fromAddress}>`;
}

/** SMTP's 4xx replies and connection problems are worth retrying; 5xx replies are final. */
export function classifyMailError(error: unknown): ChannelError {
  const e = error as { code?: string; responseCode?: number; response?: string; message?: string };
  const message = e.response || e.message || "Email could not be sent";
  if (typeof e.responseCode === "number") {
    return new ChannelError(message, e.responseCode < 500, String(e.responseCode));
  }
  if (e.message?.startsWith("Rejected recipient")) return new ChannelError(message, false, "rejected");
  // No SMTP reply at all: connection refused, reset or timed out.
  return new ChannelError(message, true, e.code);
}

let deploymentKey: string | undefined;
let appHost: string | undefined;

/**
 * `<delivery-<id>.<deployment key>@<APP_URL host>>`: stable for a delivery (a re-sent occurrence
 * is recognisable as the same message), unique across deployments (the key is derived from this
 * deployment's secret, never revealing it), and in the app's own domain as RFC 5322 recommends.
 */
export function reminderMessageId(idempotencyKey: string): string {
  deploymentKey ??= createHash("sha256").update(`message-id:${authSecret()}`).digest("hex").slice(0, 16);
  appHost ??= new URL(env.APP_URL).hostname;
  return `<${idempotencyKey}.${deploymentKey}@${appHost}>`;
}

export const emailChannel: Channel = {
  async send(message: OutgoingMessage, outbox?: DbOrTx): Promise<SendResult> {
    const readiness = channelReadiness("email");
    if (!readiness.ready) {
      throw new ChannelError(
        `Email is not configured (${readiness.missing})`,
        false,
        "channel_not_configured",
      );
    }
    try {
      const result = await sendMail({
        to: message.to,
        from: fromHeader(message.fromName),
        subject: message.subject ?? "",
        text: message.text,
        html: message.html,
        headers: message.headers,
        replyTo: message.replyTo,
        messageId: reminderMessageId(message.idempotencyKey),
        workspaceId: message.workspaceId,
        outbox,
      });
      return { providerMessageId: result.messageId, outbox: result.outbox };
    } catch (error) {
      throw classifyMailError(error);
    }
  },
};
