import "server-only";
import { randomBytes } from "node:crypto";
import * as mimeFuncsModule from "nodemailer/lib/mime-funcs/index.js";
import { encode as base64Encode, wrap as base64Wrap } from "nodemailer/lib/base64/index.js";
import { wrap as qpWrap } from "nodemailer/lib/qp/index.js";
import type { ComposedMail, ComposeInput } from "./mail-types";
import { encodeQuotedPrintable } from "./quoted-printable";

// An address nodemailer writes back unchanged: ASCII local part, lower-case ASCII domain.
const PLAIN_ADDRESS = /^[A-Za-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+$/;
// `"Display name" <address>`, the form lib/channels/email-channel.ts writes, or a bare address.
const NAMED_ADDRESS = /^"([^"\\\x00-\x1f<>()[\],;:@]+)" <([^<>]+)>$/;
// The custom headers reminders carry; any other goes through MailComposer.
const KNOWN_HEADERS = new Set(["List-Unsubscribe", "List-Unsubscribe-Post"]);
const LINE_LENGTH = 76;

// encodeWords' fourth argument (encode every word, as MimeNode does) is missing from its types.
type MimeFuncs = Omit<typeof mimeFuncsModule, "encodeWords"> & {
  encodeWords(value: string, encoding: "Q" | "B", maxLength: number, encodeAll: boolean): string;
};
// A CommonJS object whose functions call each other through `this`: called as its methods. Node's
// ESM loader exposes it only as `default` (its method shorthand hides the names from the loader).
const mimeFuncs =
  (mimeFuncsModule as unknown as { default?: MimeFuncs }).default ??
  (mimeFuncsModule as unknown as MimeFuncs);

const encodeAllWords = (value: string, encoding: "Q" | "B") =>
  mimeFuncs.encodeWords(value, encoding, 52, true);

/** MimeNode's choice of encoded-word encoding: Q when Latin letters outnumber the rest. */
function textEncoding(value: string): "Q" | "B" {
  let nonLatin = 0;
  let latin = 0;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code <= 0x08 || code === 0x0b || code === 0x0c || (code >= 0x0e && code <= 0x1f) || code >= 0x80) {
      nonLatin++;
    } else if ((code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)) {
      latin++;
    }
  }
  return nonLatin < latin ? "Q" : "B";
}

/** MimeNode's address name: bare when word characters, quoted when printable ASCII, else encoded. */
function addressName(name: string): string {
  if (/^[\w ]*$/.test(name)) return name;
  if (/^[\x20-\x7e]*$/.test(name)) return `"${name.replace(/([\\"])/g, "\\$1")}"`;
  return mimeFuncs.encodeWord(name, textEncoding(name), 52);
}

function header(key: string, value: string): string {
  return mimeFuncs.foldLines(`${key}: ${value}`, LINE_LENGTH);
}

/** A text part as MimeNode writes it: 7bit when plain short lines, else QP or base64. */
function part(contentType: string, content: string): string {
  const plain = mimeFuncs.isPlainText(content) && !mimeFuncs.hasLongerLines(content, LINE_LENGTH);
  const encoding = plain ? "7bit" : textEncoding(content) === "Q" ? "quoted-printable" : "base64";
  const body =
    encoding === "7bit"
      ? content
      : encoding === "quoted-printable"
        ? qpWrap(encodeQuotedPrintable(content), LINE_LENGTH)
        : base64Wrap(base64Encode(content), LINE_LENGTH);
  return `${header("Content-Type", `${contentType}; charset=utf-8`)}\r\n${header("Content-Transfer-Encoding", encoding)}\r\n\r\n${body}`;
}

/**
 * The common shape of our mail (text and HTML alternatives, a known From form, plain
 * addresses, List-Unsubscribe headers, a given Message-ID) written directly with nodemailer's
 * own encoders, in the layout MailComposer gives it: the same bytes without building a MIME
 * tree per message (tests/unit/mail/compose-mail.test.ts compares the two). Null for anything
 * else, which composeMail hands to MailComposer.
 */
export function composeAlternative(input: ComposeInput): ComposedMail | null {
  if (!input.html || !input.text || !input.messageId) return null;
  const named = NAMED_ADDRESS.exec(input.from);
  const fromAddress = named ? named[2] : input.from;
  const name = named?.[1];
  if (name !== undefined && (name !== name.trim() || name.includes("  "))) return null;
  if (!PLAIN_ADDRESS.test(fromAddress) || !PLAIN_ADDRESS.test(input.to)) return null;
  if (input.replyTo !== undefined && !PLAIN_ADDRESS.test(input.replyTo)) return null;
  const custom = Object.entries(input.headers ?? {});
  if (custom.some(([key, value]) => !KNOWN_HEADERS.has(key) || !/^[\x20-\x7e]*\S[\x20-\x7e]*$/.test(value))) {
    return null;
  }
  if (!/^<[\x21-\x7e]+>$/.test(input.messageId)) return null;

  const boundary = `--_NmP-${input.baseBoundary ?? randomBytes(8).toString("hex")}-Part_1`;
  const date = (input.date ?? new Date()).toUTCString().replace(/GMT/, "+0000");
  const subject = input.subject.replace(/\r?\n|\r/g, " ");
  const lines = [
    ...custom.map(([key, value]) => header(key, encodeAllWords(value, textEncoding(value)))),
    header("From", name === undefined ? fromAddress : `${addressName(name)} <${fromAddress}>`),
    header("To", input.to),
    ...(input.replyTo === undefined ? [] : [header("Reply-To", input.replyTo)]),
    ...(subject.trim() ? [header("Subject", encodeAllWords(subject, textEncoding(subject)))] : []),
    header("Message-ID", input.messageId),
    header("Date", date),
    header("MIME-Version", "1.0"),
    header("Content-Type", `multipart/alternative; boundary="${boundary}"`),
  ];
  const raw =
    `${lines.join("\r\n")}\r\n\r\n--${boundary}\r\n${part("text/plain", input.text)}` +
    `\r\n--${boundary}\r\n${part("text/html", input.html)}\r\n--${boundary}--\r\n`;
  return { raw, envelope: { from: fromAddress, to: [input.to] }, messageId: input.messageId };
}
