import "server-only";
import { Buffer } from "node:buffer";
import type { ComposedMail } from "./mail-types";

/**
 * What nodemailer's SMTP pool reads of a mail object, and no more: smtp-pool/index.js asks the
 * message for its Message-ID header, smtp-pool/pool-resource.js for its envelope, Message-ID and
 * bytes (handed to smtp-connection's `send`, which takes a Buffer as well as a stream), and looks
 * at `data.dsn` / `data.requireTLSExtensionEnabled`, which our mail never sets.
 */
export interface PoolMessage {
  data: { dsn?: never; requireTLSExtensionEnabled?: never };
  message: {
    getEnvelope(): { from: string; to: string[] };
    messageId(): string;
    getHeader(key: string): string | undefined;
    createReadStream(): Buffer;
  };
}

/** The line break MimeNode's stream adds after a message (its LastNewline transform). */
function lastNewline(raw: string): string {
  if (raw.endsWith("\n")) return "";
  return raw.endsWith("\r") ? "\n" : "\r\n";
}

/**
 * A composed message as the pool's mail object. In place of a raw MimeNode, which re-parsed the
 * envelope's addresses with nodemailer's address parser for every message and streamed the raw
 * text through two transforms: the envelope is ComposedMail's (already the parsed, normalised
 * addresses) and the bytes are one Buffer (tests/unit/mail/pool-message.test.ts compares both with
 * MimeNode's; tests/integration/mail/pool-message-wire.test.ts what an SMTP server receives).
 */
export function poolMessage(mail: ComposedMail): PoolMessage {
  return {
    data: {},
    message: {
      // A fresh object each time: smtp-connection writes its own fields into the envelope it gets.
      getEnvelope: () => ({ from: mail.envelope.from, to: [...mail.envelope.to] }),
      messageId: () => mail.messageId,
      getHeader: (key) => (key.toLowerCase() === "message-id" ? mail.messageId : undefined),
      createReadStream: () => Buffer.from(mail.raw + lastNewline(mail.raw), "utf8"),
    },
  };
}
