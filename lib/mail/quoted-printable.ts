import "server-only";

// What nodemailer's qp `encode` writes escaped: every byte outside tab, LF, CR and printable ASCII
// but "=" (RFC 2045 6.7), and a space or tab that ends a line or the text. As one pattern over
// the string's code points (a lone surrogate included), not over its UTF-8 bytes.
const ESCAPED = /[^\t\n\r\x20-\x3c\x3e-\x7e]|[\t ](?=[\r\n]|$)/gu;

// "=XX" for every byte value, upper-case hex.
const BYTE = Array.from({ length: 256 }, (_, byte) => `=${byte.toString(16).toUpperCase().padStart(2, "0")}`);

/** The UTF-8 bytes of one code point, escaped; a lone surrogate as U+FFFD, as Buffer.from writes it. */
function escapeCodePoint(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x80) return BYTE[code];
  if (code < 0x800) return BYTE[0xc0 | (code >> 6)] + BYTE[0x80 | (code & 0x3f)];
  if (code >= 0xd800 && code <= 0xdfff) return "=EF=BF=BD";
  if (code < 0x10000) {
    return BYTE[0xe0 | (code >> 12)] + BYTE[0x80 | ((code >> 6) & 0x3f)] + BYTE[0x80 | (code & 0x3f)];
  }
  return (
    BYTE[0xf0 | (code >> 18)] +
    BYTE[0x80 | ((code >> 12) & 0x3f)] +
    BYTE[0x80 | ((code >> 6) & 0x3f)] +
    BYTE[0x80 | (code & 0x3f)]
  );
}

/**
 * Quoted-printable encoding of a string's UTF-8 bytes, the same characters as nodemailer's
 * `encode` (nodemailer/lib/qp), which builds its result one byte at a time: this keeps runs of
 * plain text as they are and escapes only the matched code points, a fraction of the garbage
 * per message (tests/unit/mail/quoted-printable.test.ts compares the two). Soft line breaks
 * are still nodemailer's `wrap`.
 */
export function encodeQuotedPrintable(text: string): string {
  return text.replace(ESCAPED, escapeCodePoint);
}
