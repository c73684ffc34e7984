import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { consentRecords, consentRequests, contacts } from "@/db/schema";
import { db } from "@/lib/db";
import { POST as inbound } from "@/app/api/webhooks/twilio/inbound/route";
import { callRoute } from "@/tests/support/call-route";
import { createContact, createSender } from "@/tests/support/delivery-fixtures";
import {
  signedWebhook,
  startTwilioSink,
  TEST_SMS_FROM,
  useTwilioSink,
  type TwilioSink,
} from "@/tests/support/twilio-sink";

// A contact asked on their preferences page to be called again; the request's SMS asked them to
// reply CALLS (LLAMADAS, APPELS). That reply, from that phone, before the request expires, takes
// calls back; nothing else does.

let sink: TwilioSink;
beforeAll(async () => {
  sink = await startTwilioSink();
  useTwilioSink(sink);
});
afterAll(async () => {
  await sink.close();
});

const INBOUND_URL = "http://localhost:3000/api/webhooks/twilio/inbound";
const HOUR = 3_600_000;

let phones = 0;
const phone = () => `+1212559${String(1000 + phones++).padStart(4, "0")}`;

function message(from: string, body: string) {
  const whatsapp = from.startsWith("whatsapp:");
  return signedWebhook(INBOUND_URL, {
    MessageSid: `SM${randomBytes(16).toString("hex")}`,
    From: from,
    To: whatsapp ? "whatsapp:+14155238886" : TEST_SMS_FROM,
    Body: body,
  });
}
const post = (hook: ReturnType<typeof signedWebhook>) =>
  callRoute(inbound, "/api/webhooks/twilio/inbound", { method: "POST", ...hook });
const reply = (from: string, body: string) => post(message(from, body));

/** A contact who pressed 9 on a call and asked, on their page, to be called again. */
async function pendingRequest(options: { locale?: "en" | "es" | "fr"; expiresInMs?: number } = {}) {
  const sender = await createSender();
  const number = phone();
  const contact = await createContact(sender.id, {
    phone: number,
    callOptOut: true,
    locale: options.locale ?? "en",
  });
  const [request] = await db
    .insert(consentRequests)
    .values({
      workspaceId: sender.id,
      contactId: contact.id,
      channel: "call",
      phone: number,
      expiresAt: new Date(Date.now() + (options.expiresInMs ?? 24 * HOUR)),
    })
    .returning();
  return { sender, contact, number, request };
}

const contactOf = async (id: string) => (await db.select().from(contacts).where(eq(contacts.id, id)))[0];
const requestOf = async (id: number) =>
  (await db.select().from(consentRequests).where(eq(consentRequests.id, id)))[0];
const recordsOf = (workspaceId: string) =>
  db
    .select()
    .from(consentRecords)
    .where(eq(consentRecords.workspaceId, workspaceId))
    .orderBy(asc(consentRecords.id));

describe("a reply confirming a request to be called again", () => {
  it("clears the call opt-out, confirms the request, records it and says thank you, once", async () => {
    const { sender, contact, number, request } = await pendingRequest();
    const hook = message(number, " calls ");
    const res = await post(hook);
    expect(res.status).toBe(200);
    expect(res.text).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Message>Thank you: Ana Pérez may call you again with reminders. Press 9 during a call to stop them.</Message></Response>',
    );
    expect((await contactOf(contact.id)).callOptOut).toBe(false);
    expect((await requestOf(request.id)).confirmedAt).toBeInstanceOf(Date);
    const records = await recordsOf(sender.id);
    expect(records).toMatchObject([
      {
        contactId: contact.id,
        channel: "call",
        change: "opted_in",
        source: "sms_reply",
        wording:
          "Remindful, for Ana Pérez: you asked to receive reminder calls again. Reply CALLS to confirm. If it was not you, ignore this message.",
        details: { requestId: request.id, reply: "CALLS" },
      },
    ]);
    // The reply takes nothing else back.
    expect(await contactOf(contact.id)).toMatchObject({ smsOptOut: false, whatsappOptOut: false });

    // Twilio retrying the webhook: nothing again, no second answer.
    const again = await post(hook);
    expect(again.text).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    expect(await recordsOf(sender.id)).toHaveLength(1);
  });

  it("takes the contact's language's word (or another language's), and the record keeps the request in theirs", async () => {
    const { sender, contact, number } = await pendingRequest({ locale: "es" });
    const res = await reply(number, "Llamadas");
    expect(res.text).toContain(
      "<Message>Gracias: Ana Pérez podrá volver a llamarte con recordatorios. Pulsa 9 durante una llamada para dejar de recibirlas.</Message>",
    );
    expect((await contactOf(contact.id)).callOptOut).toBe(false);
    expect((await recordsOf(sender.id)).map((r) => r.wording)).toEqual([
      "Remindful, de parte de Ana Pérez: pediste volver a recibir llamadas de recordatorio. Responde LLAMADAS para confirmarlo. Si no fuiste tú, ignora este mensaje.",
    ]);

    const french = await pendingRequest({ locale: "fr" });
    await reply(french.number, "CALLS");
    expect((await contactOf(french.contact.id)).callOptOut).toBe(false);
    expect((await recordsOf(french.sender.id)).map((r) => r.wording)).toEqual([
      "Remindful, pour Ana Pérez : vous avez demandé à recevoir de nouveau les appels de rappel. Répondez APPELS pour confirmer. Si ce n’était pas vous, ignorez ce message.",
    ]);
  });

  it("over WhatsApp is a whatsapp_reply", async () => {
    const { sender, contact, number } = await pendingRequest();
    await reply(`whatsapp:${number}`, "CALLS");
    expect((await contactOf(contact.id)).callOptOut).toBe(false);
    expect((await recordsOf(sender.id)).map((r) => r.source)).toEqual(["whatsapp_reply"]);
  });

  it("an expired request, another phone, or a number changed since: nothing changes", async () => {
    const expired = await pendingRequest({ expiresInMs: -1_000 });
    const late = await reply(expired.number, "CALLS");
    expect(late.text).not.toContain("<Message>");
    expect((await contactOf(expired.contact.id)).callOptOut).toBe(true);
    expect((await requestOf(expired.request.id)).confirmedAt).toBeNull();
    expect(await recordsOf(expired.sender.id)).toEqual([]);

    const waiting = await pendingRequest();
    await reply(phone(), "CALLS");
    expect((await contactOf(waiting.contact.id)).callOptOut).toBe(true);
    expect((await requestOf(waiting.request.id)).confirmedAt).toBeNull();

    const moved = await pendingRequest();
    await db.update(contacts).set({ phone: phone() }).where(eq(contacts.id, moved.contact.id));
    await reply(moved.number, "CALLS");
    expect((await contactOf(moved.contact.id)).callOptOut).toBe(true);
    expect(await recordsOf(moved.sender.id)).toEqual([]);

    // Still waiting: the right phone confirms it.
    await reply(waiting.number, "CALLS");
    expect((await contactOf(waiting.contact.id)).callOptOut).toBe(false);
  });

  it("another word, or a confirmed request, confirms nothing", async () => {
    const { sender, contact, number, request } = await pendingRequest();
    await reply(number, "Please call me");
    await reply(number, "YES");
    expect((await contactOf(contact.id)).callOptOut).toBe(true);
    expect((await requestOf(request.id)).confirmedAt).toBeNull();
    await reply(number, "CALLS");
    // 9 again, then the old request's word: it was used.
    await db.update(contacts).set({ callOptOut: true }).where(eq(contacts.id, contact.id));
    const again = await reply(number, "CALLS");
    expect(again.text).not.toContain("<Message>");
    expect((await contactOf(contact.id)).callOptOut).toBe(true);
    expect((await recordsOf(sender.id)).map((r) => r.change)).toEqual(["opted_in"]);
  });
});
