import "server-only";
import { env } from "@/lib/env";
import type { DbOrTx } from "@/lib/db";
import { logger } from "@/lib/logger";
import { outboxEnabled } from "@/lib/outbox/outbox-enabled";
import { storeOutboxMessage } from "@/lib/outbox/store-outbox-message";
import { composeMail } from "./compose-mail";
import { dataBytes } from "./smtp-connection";
import { SmtpPool } from "./smtp-pool";
import { smtpSettings } from "./smtp-settings";
import type { ComposeInput } from "./mail-types";

/** A message to send: what composeMail takes, with From defaulting to MAIL_FROM. */
export type MailMessage = Omit<ComposeInput, "from" | "baseBoundary" | "date"> & {
  /** Display form, e.g. `"Ana via Remindful" <no-reply@…>`; defaults to MAIL_FROM. */
  from?: string;
  /** The workspace whose reminder or notice this is: its dev outbox copy names it (not sent). */
  workspaceId?: string | null;
  /** Where a dev outbox copy is written (a caller's transaction); the app's database otherwise. */
  outbox?: DbOrTx;
};

export interface MailResult {
  messageId: string;
  /** true when kept in the dev outbox rather than sent. */
  outbox: boolean;
}

let transporter: SmtpPool | undefined;
let smtpUrlOverride: string | undefined;

/**
 * Points this process's mail at another SMTP peer than SMTP_URL (tests start their own);
 * undefined goes back to the configured one. Pooled connections to the previous peer close.
 */
export function setSmtpUrl(url: string | undefined): void {
  smtpUrlOverride = url;
  closeMail();
}

/** Whether mail goes to an SMTP peer (SMTP_URL or the injected one) rather than the outbox. */
export function smtpConfigured(): boolean {
  return Boolean(smtpUrlOverride ?? env.SMTP_URL);
}

/** Pooled: the delivery engine sends many messages over a few kept-open connections. */
function smtp(url: string): SmtpPool {
  // SMTP_POOL_SIZE / (relay latency + two round trips) caps the rate (.env.example).
  transporter ??= new SmtpPool(smtpSettings(url), env.SMTP_POOL_SIZE);
  return transporter;
}

/**
 * One mail path for sign-in links and reminders: SMTP when SMTP_URL is set, else the dev
 * outbox in development; in production without SMTP_URL the send fails.
 */
export async function sendMail({ workspaceId, outbox, ...message }: MailMessage): Promise<MailResult> {
  const from = message.from ?? env.MAIL_FROM;
  const smtpUrl = smtpUrlOverride ?? env.SMTP_URL;
  if (!smtpUrl) {
    if (!outboxEnabled()) throw new Error("Email is not configured (SMTP_URL)");
    const stored = await storeOutboxMessage({ channel: "email", ...message, from, workspaceId }, outbox);
    return { messageId: `outbox-${stored.id}`, outbox: true };
  }
  const mail = composeMail({ ...message, from });
  const info = await smtp(smtpUrl).send(mail.envelope.from, mail.envelope.to, dataBytes(mail.raw));
  const rejected = info.rejected;
  if (rejected.length > 0) throw new Error(`Rejected recipient: ${rejected.join(", ")}`);
  logger.debug("mail.sent", { messageId: mail.messageId });
  return { messageId: mail.messageId, outbox: false };
}

/** Closes pooled SMTP connections (tests and graceful shutdown). */
export function closeMail(): void {
  transporter?.close();
  transporter = undefined;
}
