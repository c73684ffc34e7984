import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { encode as nodemailerEncode, wrap } from "nodemailer/lib/qp/index.js";
import { encodeQuotedPrintable } from "@/lib/mail/quoted-printable";

const samples: [string, string][] = [
  ["empty", ""],
  ["plain ASCII", "Hello, world! Remember the meeting at 9:30 (room #4)."],
  ["Spanish", "Hola, Íñigo: mañana es el cumpleaños de tu abuela. ¿Llamarás? ¡Sí!"],
  ["French", "Bonjour Léa, n'oublie pas : rendez-vous à 9 h chez le médecin. Œuvre, ça, où, naïve, ÿ."],
  ["'=' signs", 'a=b == c <p style="color:#555">=3D</p>='],
  ["emoji and astral characters", "Feed the cat 🐈 👨‍👩‍👧 𝄞 \u{10ffff} \u{10000}"],
  ["lone surrogates", "high \ud83d alone, low \ude00 alone, reversed \ude00\ud83d, at the end \ud800"],
  ["surrogate pair split by text", "\ud83dx\ude00"],
  ["trailing space and tab before CR, LF and at the end", "a \nb\t\nc \r\nd\t\re \t \n \n\t\r\n  f \t"],
  ["space before a non-breaking character", "a \u00a0b \u00a0\n"],
  ["control characters", "\x00\x01\x07\x08\x0b\x0c\x0e\x1b\x1f\x7f\x80\x9f"],
  ["code points at every UTF-8 length boundary", "\x7f\x80\u07ff\u0800\ud7ff\ue000\ufeff\ufffd\uffff\u{10000}"],
  ["one long HTML line", `<!doctype html><html><body style="font-family:system-ui">${"<p>Réunion à 9 h</p>".repeat(40)}</body></html>`],
];

// Pieces a mail body is made of, plus any UTF-16 code unit (lone surrogates among them) and any code point.
const piece = fc.oneof(
  fc.constantFrom(" ", "\t", "\r", "\n", "\r\n", "=", " \r\n", "\t\n", "é", "ñ", "ç", "€", "日", "🐈", "\ud83d", "\ude00"),
  fc.string({ unit: "grapheme-ascii", maxLength: 12 }),
  fc.integer({ min: 0, max: 0x7f }).map((code) => String.fromCharCode(code)),
  fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
  fc.integer({ min: 0, max: 0x10ffff }).map((code) => String.fromCodePoint(code)),
);
const text = fc.array(piece, { maxLength: 120 }).map((pieces) => pieces.join(""));

describe("encodeQuotedPrintable writes what nodemailer's qp encode writes", () => {
  for (const [name, sample] of samples) {
    it(name, () => {
      expect(encodeQuotedPrintable(sample)).toBe(nodemailerEncode(sample));
    });
  }

  it("on thousands of generated strings (fixed seed), and wraps to the same lines", () => {
    fc.assert(
      fc.property(text, (value) => {
        const ours = encodeQuotedPrintable(value);
        expect(ours).toBe(nodemailerEncode(value));
        expect(wrap(ours, 76)).toBe(wrap(nodemailerEncode(value), 76));
      }),
      { seed: 20310304, numRuns: 5_000 },
    );
  });

  it("on long random strings (fixed seed)", () => {
    fc.assert(
      fc.property(fc.array(piece, { minLength: 2_000, maxLength: 4_000 }), (pieces) => {
        const value = pieces.join("");
        expect(encodeQuotedPrintable(value)).toBe(nodemailerEncode(value));
      }),
      { seed: 7, numRuns: 50 },
    );
  });
});
