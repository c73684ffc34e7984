import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import nodemailer from "nodemailer";
import { composeAlternative } from "@/lib/mail/compose-alternative";
import type { ComposedMail, ComposeInput } from "@/lib/mail/mail-types";
import { dataBytes } from "@/lib/mail/smtp-connection";
import { SmtpPool } from "@/lib/mail/smtp-pool";
import { smtpSettings } from "@/lib/mail/smtp-settings";
import { closeMail, sendMail, setSmtpUrl } from "@/lib/mail/send-mail";
import { startSmtpSink, type SmtpSink } from "../../support/smtp-sink";
import { REMINDER_MAIL as reminder } from "@/tests/support/reminder-mail";

// What sendMail composed for each message, to send the same raw text the reference way.
const composed = vi.hoisted((): ComposedMail[] => []);
vi.mock("@/lib/mail/compose-mail", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/lib/mail/compose-mail")>();
  return {
    composeMail: (input: ComposeInput) => {
      const mail = original.composeMail(input);
      composed.push(mail);
      return mail;
    },
  };
});

let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink({ recordWire: true });
  return () => sink.close();
});
afterEach(() => {
  setSmtpUrl(undefined);
  closeMail();
});

/** Everything the client wrote on the one connection `send` opens, once `close` has ended it. */
async function transcript(send: () => Promise<unknown>, close: () => void): Promise<string> {
  const first = sink.wire.length;
  try {
    await send();
  } finally {
    close();
  }
  expect(sink.wire.length).toBe(first + 1);
  await sink.wire[first].closed;
  // latin1: one character per byte, so the comparison is byte for byte.
  return sink.wire[first].bytes().toString("latin1");
}

/** Ours ends the session as RFC 5321 asks (4.1.1.10); nodemailer's pool just closes the socket. */
const QUIT = "QUIT\r\n";

/** The reference: nodemailer's own sendMail of a raw message with its envelope, over its own pool. */
async function nodemailerTranscript(raw: string, envelope: ComposedMail["envelope"]): Promise<string> {
  const { port } = new URL(sink.url);
  const transport = nodemailer.createTransport({ host: "127.0.0.1", port: Number(port), pool: true });
  return transcript(
    () => transport.sendMail({ raw, envelope }),
    () => transport.close(),
  );
}

describe("sendMail puts on the wire what nodemailer sends for the same message and envelope", () => {
  const cases: [string, ComposeInput, boolean][] = [
    ["a reminder, written directly (composeAlternative)", reminder, true],
    [
      "through MailComposer: a named recipient with an upper-case domain, an unknown header, no Message-ID",
      {
        ...reminder,
        to: "Léa Martin <Lea@Example.COM>",
        headers: { "X-Reminder": "1" },
        messageId: undefined,
      },
      false,
    ],
    [
      "through MailComposer: a non-ASCII recipient address (SMTPUTF8)",
      { ...reminder, to: "léa@exämple.com" },
      false,
    ],
  ];
  for (const [name, input, direct] of cases) {
    it(name, async () => {
      expect(composeAlternative(input) !== null).toBe(direct);
      setSmtpUrl(sink.url);
      const before = composed.length;
      const ours = await transcript(() => sendMail(input), closeMail);
      expect(composed.length).toBe(before + 1);
      const mail = composed[before];
      const received = sink.messages.at(-1);

      expect(ours).toBe((await nodemailerTranscript(mail.raw, mail.envelope)) + QUIT);
      // And independently of nodemailer: the envelope and the message as composed.
      expect(received?.from).toBe(mail.envelope.from);
      expect(received?.to).toEqual(mail.envelope.to);
      expect(ours).toContain(`MAIL FROM:<${mail.envelope.from}>`);
      expect(ours).toContain(`RCPT TO:<${Buffer.from(mail.envelope.to[0]).toString("latin1")}>`);
      // SMTP sends CRLF line ends (nodemailer's DATA stream turns a bare LF into CRLF).
      expect(received?.raw).toBe(mail.raw.replace(/\r?\n/g, "\r\n"));
    });
  }
});

// Whatever a raw message ends with, the server gets the bytes nodemailer gives it for that raw message.
describe("the DATA bytes on the wire, whatever the raw message ends with", () => {
  const envelope = { from: "no-reply@remindful.example", to: ["lea@example.com"] };
  const head = "From: no-reply@remindful.example\r\nTo: lea@example.com\r\nSubject: x\r\n\r\n";
  const endings: [string, string][] = [
    ["no final line break", "last line"],
    ["a final CR", "last line\r"],
    ["a final LF", "last line\n"],
    ["a final CRLF", "last line\r\n"],
    ["a lone dot line, bare LFs and non-ASCII text", ".\nmañana\n..\r\nfin 🐈"],
    ["a dot on the first line", ".first\r\nlast"],
  ];
  for (const [name, body] of endings) {
    it(name, async () => {
      const raw = head + body;
      const pool = new SmtpPool(smtpSettings(sink.url), 1);
      const ours = await transcript(
        () => pool.send(envelope.from, envelope.to, dataBytes(raw)),
        () => pool.close(),
      );
      expect(ours).toBe((await nodemailerTranscript(raw, envelope)) + QUIT);
    });
  }
});
