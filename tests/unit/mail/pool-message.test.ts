import { describe, expect, it } from "vitest";
import MimeNode from "nodemailer/lib/mime-node/index.js";
import { composeMail } from "@/lib/mail/compose-mail";
import type { ComposedMail, ComposeInput } from "@/lib/mail/mail-types";
import { poolMessage } from "@/lib/mail/pool-message";

/** What the pool got before: a raw MimeNode with the envelope set from the composed addresses. */
function rawNode(mail: ComposedMail) {
  const node = new MimeNode("message/rfc822", { baseBoundary: "raw" }).setRaw(mail.raw);
  node.setEnvelope({ from: mail.envelope.from, to: mail.envelope.to.join(", ") });
  node.setHeader("Message-ID", mail.messageId);
  return node;
}

async function streamed(node: MimeNode): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of node.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const reminder: ComposeInput = {
  from: '"Ana García via Remindful" <no-reply@remindful.example>',
  to: "lea@example.com",
  subject: "Un recordatorio",
  text: "Hola, Léa:\n\nMañana.\n",
  html: "<p>Hola, Léa:</p><p>Mañana.</p>",
  messageId: "<delivery-42.0123456789abcdef@remindful.example>",
  headers: { "List-Unsubscribe": "<https://remindful.example/u/abc>" },
};
const head = "From: no-reply@remindful.example\r\nTo: lea@example.com\r\n\r\n";
const handMade = (body: string): ComposedMail => ({
  raw: head + body,
  envelope: { from: "no-reply@remindful.example", to: ["lea@example.com"] },
  messageId: "<x@remindful.example>",
});

describe("poolMessage gives the pool what a raw MimeNode gave it", () => {
  const cases: [string, ComposedMail][] = [
    ["a reminder written directly", composeMail(reminder)],
    ["through MailComposer: a named recipient, an upper-case domain", composeMail({ ...reminder, to: "Léa <Lea@Example.COM>" })],
    ["through MailComposer: a non-ASCII address", composeMail({ ...reminder, to: "léa@exämple.com" })],
    ["through MailComposer: two recipients, one twice", composeMail({ ...reminder, to: "a@example.com, B@Example.com, a@example.com" })],
    ["no final line break", handMade("last line")],
    ["a final CR", handMade("last line\r")],
    ["a final CRLF", handMade("last line\r\n")],
    ["non-ASCII text and a lone surrogate", handMade("mañana 🐈 \ud83d")],
  ];
  for (const [name, mail] of cases) {
    it(name, async () => {
      const node = rawNode(mail);
      const { message, data } = poolMessage(mail);
      expect(message.getEnvelope()).toEqual(node.getEnvelope());
      expect(message.messageId()).toBe(node.messageId());
      expect(message.getHeader("message-id")).toBe(node.getHeader("message-id"));
      expect(message.createReadStream().equals(await streamed(node))).toBe(true);
      expect(data).toEqual({});
    });
  }

  it("hands out a fresh envelope each time (smtp-connection writes into the one it gets)", () => {
    const mail = composeMail(reminder);
    const { message } = poolMessage(mail);
    const first = message.getEnvelope();
    first.to.push("someone@example.com");
    expect(message.getEnvelope().to).toEqual(["lea@example.com"]);
    expect(mail.envelope.to).toEqual(["lea@example.com"]);
  });
});
