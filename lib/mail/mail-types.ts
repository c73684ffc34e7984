import "server-only";
/** What composing a message takes and gives (the general composer and the text/html fast path share it). */
export interface ComposeInput {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  replyTo?: string;
  /** A stable Message-ID lets a re-sent occurrence be recognised as the same message. */
  messageId?: string;
  /** Test hooks: a fixed boundary base and date make the output reproducible. */
  baseBoundary?: string;
  date?: Date;
}

export interface ComposedMail {
  /** The whole RFC 5322 message, CRLF line ends. */
  raw: string;
  /** MAIL FROM / RCPT TO, as nodemailer derives them from the headers. */
  envelope: { from: string; to: string[] };
  messageId: string;
}
