import nodemailer, { type Transporter } from "nodemailer";
import { env } from "@/lib/env";
import { logger } from "@/lib/logger";
import { storeOutboxMessage } from "@/lib/outbox/store-outbox-message";

export interface MailMessage {
  to: string;
  /** Display form, e.g. `"Ana via Remindful" <no-reply@…>`; defaults to MAIL_FROM. */
  from?: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  /** A stable Message-ID lets a re-sent occurrence be recognised as the same message. */
  messageId?: string;
}

export interface MailResult {
  messageId: string;
  /** true when kept in the dev outbox rather than sent. */
  outbox: boolean;
}

let transporter: Transporter | undefined;

function smtp(url: string): Transporter {
  // Pooled: the delivery engine sends many messages over a few kept-open connections.
  transporter ??= nodemailer.createTransport(
    `${url}${url.includes("?") ? "&" : "?"}pool=true&maxConnections=10`,
  );
  return transporter;
}

/** One mail path for sign-in links and reminders: SMTP when SMTP_URL is set, else the dev outbox. */
export async function sendMail(message: MailMessage): Promise<MailResult> {
  const from = message.from ?? env.MAIL_FROM;
  const smtpUrl = process.env.SMTP_URL || env.SMTP_URL;
  if (!smtpUrl) {
    const stored = await storeOutboxMessage({ channel: "email", ...message, from });
    return { messageId: `outbox-${stored.id}`, outbox: true };
  }
  const info = await smtp(smtpUrl).sendMail({
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: message.headers,
    messageId: message.messageId,
  });
  const rejected = [...(info.rejected ?? [])];
  if (rejected.length > 0) throw new Error(`Rejected recipient: ${rejected.join(", ")}`);
  logger.debug("mail.sent", { messageId: info.messageId });
  return { messageId: String(info.messageId), outbox: false };
}

/** Closes pooled SMTP connections (tests and graceful shutdown). */
export function closeMail(): void {
  transporter?.close();
  transporter = undefined;
}
