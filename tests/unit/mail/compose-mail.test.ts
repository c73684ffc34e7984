import { describe, expect, it } from "vitest";
import nodemailer from "nodemailer";
import type Mail from "nodemailer/lib/mailer";
import { composeAlternative } from "@/lib/mail/compose-alternative";
import { composeMail } from "@/lib/mail/compose-mail";
import type { ComposeInput } from "@/lib/mail/mail-types";
import { REMINDER_MAIL as reminder } from "@/tests/support/reminder-mail";

const date = new Date("2031-03-04T05:06:07Z");
const baseBoundary = "0123456789abcdef";

/** What nodemailer's own pipeline (sendMail, its streams) writes for the same message. */
async function nodemailerOutput(input: ComposeInput): Promise<{ raw: string; envelope: unknown }> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  const options: Mail.Options & { baseBoundary: string } = { ...input, date, baseBoundary };
  const info = await transport.sendMail(options);
  return { raw: (info.message as Buffer).toString("utf8"), envelope: info.envelope };
}

/** SMTP sends CRLF line ends whatever the source (nodemailer's DATA stream converts bare LF). */
const crlf = (value: string) => value.replace(/\r?\n/g, "\r\n");
/** A generated Message-ID is random on both sides. */
const anyMessageId = (raw: string) => raw.replace(/^Message-ID: <[0-9a-f-]+@/m, "Message-ID: <generated@");


describe("composeMail writes what nodemailer would", () => {
  const cases: [string, ComposeInput][] = [
    ["a reminder: text and HTML, non-ASCII names, List-Unsubscribe, Reply-To", reminder],
    [
      "plain ASCII text only, no Message-ID given",
      {
        from: "Remindful <no-reply@remindful.example>",
        to: "a@example.com",
        subject: "Sign in",
        text: "Hello\n",
      },
    ],
    [
      "a long line and a long subject (folding, soft line breaks)",
      {
        ...reminder,
        subject: `Rappel : ${"très ".repeat(40)}important`,
        text: `${"word ".repeat(60)}\n`,
        html: `<p>${"x".repeat(300)}</p>`,
      },
    ],
    [
      "mostly non-Latin text (base64 rather than quoted-printable)",
      { ...reminder, text: "日本語のテキストです。".repeat(10), html: "<p>日本語のテキストです。</p>" },
    ],
    [
      "a sender name that is only word characters, a subject of spaces, a quote in a custom header",
      {
        ...reminder,
        from: '"Ana via Remindful" <no-reply@remindful.example>',
        to: "lea@example.com",
        subject: "   ",
        headers: { "List-Unsubscribe": '<https://remindful.example/u/"x">' },
      },
    ],
    [
      "a sender name with an apostrophe and dots (quoted)",
      {
        ...reminder,
        from: '"Ana O\'Brien Jr. via Remindful" <no-reply@remindful.example>',
        to: "lea@example.com",
      },
    ],
    [
      "a comma in the sender name",
      { ...reminder, from: '"Brien, Ana via Remindful" <no-reply@remindful.example>' },
    ],
    ["an upper-case domain (lower-cased)", { ...reminder, to: "Lea@Example.COM" }],
    ["a non-ASCII recipient address", { ...reminder, to: "léa@exämple.com" }],
  ];
  for (const [name, input] of cases) {
    it(name, async () => {
      const composed = composeMail({ ...input, date, baseBoundary });
      const expected = await nodemailerOutput(input);
      const same = input.messageId ? (raw: string) => raw : anyMessageId;
      expect(same(crlf(composed.raw))).toBe(same(expected.raw));
      expect(composed.raw).toContain(`Message-ID: ${composed.messageId}\r\n`);
      expect(composed.envelope).toEqual(expected.envelope);
    });
  }

  it("a reminder's shape is written directly, without a MIME tree, to the same bytes", async () => {
    for (const input of [reminder, cases[2][1], cases[3][1], cases[4][1]]) {
      const direct = composeAlternative({ ...input, date, baseBoundary });
      expect(direct).not.toBeNull();
      expect(crlf(direct?.raw ?? "")).toBe((await nodemailerOutput(input)).raw);
    }
    // Outside that shape (no HTML, no Message-ID, a comma in the name): MailComposer.
    expect(composeAlternative(cases[1][1])).toBeNull();
    expect(composeAlternative(cases[6][1])).toBeNull();
  });

  it("keeps the headers reminders rely on, and both parts", () => {
    const { raw, messageId } = composeMail(reminder);
    expect(messageId).toBe(reminder.messageId);
    expect(raw).toContain(`Message-ID: ${reminder.messageId}\r\n`);
    expect(raw).toContain("List-Unsubscribe:");
    expect(raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n");
    expect(raw).toContain("Reply-To: ana@example.com\r\n");
    expect(raw).toContain("Content-Type: text/plain; charset=utf-8");
    expect(raw).toContain("Content-Type: text/html; charset=utf-8");
    expect(raw.endsWith("--\r\n")).toBe(true);
  });
});
