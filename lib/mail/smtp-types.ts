/** Where and how the SMTP client connects (from SMTP_URL, see ./smtp-settings). */
export interface SmtpSettings {
  host: string;
  port: number;
  /** smtps://: TLS from the first byte (usually port 465). */
  secure: boolean;
  /** Refuse to send unless STARTTLS upgrades the session (?requireTLS=true). */
  requireTLS: boolean;
  /** Never upgrade with STARTTLS, even when offered (?ignoreTLS=true). */
  ignoreTLS: boolean;
  /** The name said in EHLO. */
  name: string;
  user?: string;
  pass?: string;
  /** Until the relay's greeting (and the session set up). */
  connectionTimeoutMs: number;
  /** Waiting for any reply, or a kept-open session idle this long (then closed). */
  socketTimeoutMs: number;
}

/** One SMTP reply: its code and its lines (a multi-line reply's lines joined by "\n"). */
export interface SmtpReply {
  code: number;
  text: string;
}

/**
 * A failed SMTP step. `responseCode` and `response` are the relay's reply when there was one (4xx
 * transient, 5xx permanent: lib/channels/email-channel.ts); `code` names what failed otherwise
 * (ECONNREFUSED, ETIMEDOUT, ECONNECTION…), the codes nodemailer used for the same failures.
 */
export class SmtpError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly responseCode?: number,
    readonly response?: string,
  ) {
    super(message);
    this.name = "SmtpError";
  }

  static fromReply(reply: SmtpReply, step: string, code = "EENVELOPE"): SmtpError {
    return new SmtpError(`${step} refused: ${reply.text}`, code, reply.code || undefined, reply.text);
  }
}
