import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { consentRecords, contacts } from "@/db/schema";
import { db } from "@/lib/db";
import { setTwilioConfig } from "@/lib/channels/twilio-config";
import { POST as inbound } from "@/app/api/webhooks/twilio/inbound/route";
import { POST as gather } from "@/app/api/webhooks/twilio/voice/gather/route";
import { POST as unsubscribe } from "@/app/api/unsubscribe/[token]/route";
import { callRoute } from "@/tests/support/call-route";
import { gatherParams, sentCall, signedGather } from "@/tests/support/call-deliveries";
import { createContact, createSender } from "@/tests/support/delivery-fixtures";
import { signedWebhook, startTwilioSink, useTwilioSink, type TwilioSink } from "@/tests/support/twilio-sink";

// Every way a contact leaves or takes back a channel today leaves a consent record, written with
// the change: a STOP or START reply, 9 on a call, an e-mail's unsubscribe link.

let sink: TwilioSink;
beforeAll(async () => {
  sink = await startTwilioSink();
  useTwilioSink(sink);
});
afterAll(async () => {
  setTwilioConfig(undefined);
  await sink.close();
});

const INBOUND_URL = "http://localhost:3000/api/webhooks/twilio/inbound";

let phones = 0;
const phone = () => `+1212558${String(1000 + phones++).padStart(4, "0")}`;

async function reply(params: Record<string, string>) {
  const hook = signedWebhook(INBOUND_URL, { MessageSid: `SM${randomBytes(16).toString("hex")}`, ...params });
  const res = await callRoute(inbound, "/api/webhooks/twilio/inbound", { method: "POST", ...hook });
  return { ...res, hook };
}

/** A workspace's records, oldest first, without their ids and instants. */
async function recordsOf(workspaceId: string) {
  const rows = await db
    .select()
    .from(consentRecords)
    .where(eq(consentRecords.workspaceId, workspaceId))
    .orderBy(asc(consentRecords.id));
  return rows.map(({ contactId, channel, change, source, wording, details }) => ({
    contactId,
    channel,
    change,
    source,
    wording,
    details,
  }));
}

describe("consent records of the replies", () => {
  it("STOP writes one record per contact it opted out, in the words sent; START one per contact it opted back in", async () => {
    const ana = await createSender();
    const bea = await createSender();
    const number = phone();
    const first = await createContact(ana.id, { phone: number });
    const twin = await createContact(ana.id, { name: "Ben (work)", phone: number });
    const theirs = await createContact(bea.id, { phone: number });
    const already = await createContact(bea.id, { phone: phone(), smsOptOut: true });

    await reply({ From: number, Body: " Stop " });
    const stop = { channel: "sms", change: "opted_out", source: "sms_reply", wording: "Stop", details: null };
    expect(await recordsOf(ana.id)).toEqual([
      { contactId: [first.id, twin.id].sort()[0], ...stop },
      { contactId: [first.id, twin.id].sort()[1], ...stop },
    ]);
    expect(await recordsOf(bea.id)).toEqual([{ contactId: theirs.id, ...stop }]);

    // A second STOP changes nothing, so records nothing.
    await reply({ From: number, Body: "STOP" });
    expect(await recordsOf(ana.id)).toHaveLength(2);

    await reply({ From: number, Body: "START" });
    expect((await recordsOf(ana.id)).slice(2)).toEqual(
      [first.id, twin.id].sort().map((contactId) => ({
        contactId,
        channel: "sms",
        change: "opted_in",
        source: "sms_reply",
        wording: "START",
        details: null,
      })),
    );
    // A contact already opted out with another number is untouched.
    expect((await recordsOf(bea.id)).map((r) => r.contactId)).not.toContain(already.id);
  });

  it("a replayed STOP records nothing again; Advanced Opt-Out's own keyword is kept as sent", async () => {
    const ana = await createSender();
    const number = phone();
    const contact = await createContact(ana.id, { phone: number });
    const first = await reply({ From: number, Body: "ARRET", OptOutType: "STOP" });
    await callRoute(inbound, "/api/webhooks/twilio/inbound", { method: "POST", ...first.hook });
    expect(await recordsOf(ana.id)).toEqual([
      {
        contactId: contact.id,
        channel: "sms",
        change: "opted_out",
        source: "sms_reply",
        wording: "ARRET",
        details: null,
      },
    ]);
  });

  it("STOPALL records SMS and WhatsApp; WhatsApp's STOP is a whatsapp_reply for WhatsApp only", async () => {
    const ana = await createSender();
    const number = phone();
    const contact = await createContact(ana.id, { phone: number });
    await reply({ From: `whatsapp:${number}`, Body: "STOP" });
    await reply({ From: `whatsapp:${number}`, Body: "START" });
    await reply({ From: number, Body: "stopall" });
    const base = { contactId: contact.id, details: null };
    expect(await recordsOf(ana.id)).toEqual([
      { ...base, channel: "whatsapp", change: "opted_out", source: "whatsapp_reply", wording: "STOP" },
      { ...base, channel: "whatsapp", change: "opted_in", source: "whatsapp_reply", wording: "START" },
      { ...base, channel: "sms", change: "opted_out", source: "sms_reply", wording: "stopall" },
      { ...base, channel: "whatsapp", change: "opted_out", source: "sms_reply", wording: "stopall" },
    ]);
  });

  it("HELP and any other text record nothing", async () => {
    const ana = await createSender();
    const number = phone();
    await createContact(ana.id, { phone: number });
    await reply({ From: number, Body: "HELP" });
    await reply({ From: number, Body: "Thanks, see you Monday" });
    expect(await recordsOf(ana.id)).toEqual([]);
  });
});

describe("consent record of 9 on a call", () => {
  it("is written for each contact the key opted out, with the sentence that offered it in the contact's language", async () => {
    const ana = await createSender();
    const number = phone();
    const contact = await createContact(ana.id, { phone: number, timezone: "UTC", locale: "es" });
    const twin = await createContact(ana.id, { name: "Ben (trabajo)", phone: number, callOptOut: true });
    const call = await sentCall(ana.id, contact.id);
    const params = gatherParams(call.callSid, "9", number);
    const request = signedGather(call.delivery.id, params);
    const res = await callRoute(gather, request.path, request);
    expect(res.status).toBe(200);
    // Replayed: nothing more.
    await callRoute(gather, request.path, signedGather(call.delivery.id, params));
    expect(await recordsOf(ana.id)).toEqual([
      {
        contactId: contact.id,
        channel: "call",
        change: "opted_out",
        source: "call_keypad",
        wording: "Pulse 0 para volver a oír el mensaje o 9 para no recibir más llamadas de Ana Pérez.",
        details: null,
      },
    ]);
    // The twin was opted out already: no record for it.
    expect((await db.select().from(contacts).where(eq(contacts.id, twin.id)))[0].callOptOut).toBe(true);
  });
});

describe("consent record of an e-mail's unsubscribe link", () => {
  const post = (token: string, headers: Record<string, string> = {}) =>
    callRoute(unsubscribe, `/api/unsubscribe/${token}`, {
      method: "POST",
      params: { token },
      body: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    });

  it("keeps the page's confirmation sentence, in the page's language, once", async () => {
    const ana = await createSender();
    const contact = await createContact(ana.id, { locale: "en" });
    expect((await post(contact.unsubscribeToken, { "accept-language": "fr-FR,fr;q=0.9" })).status).toBe(200);
    expect((await post(contact.unsubscribeToken)).status).toBe(200);
    expect(await recordsOf(ana.id)).toEqual([
      {
        contactId: contact.id,
        channel: "email",
        change: "opted_out",
        source: "email_unsubscribe",
        wording: "Vous ne recevrez plus de rappels par e-mail de la part de Ana Pérez.",
        details: null,
      },
    ]);
  });

  it("a one-click POST without a language keeps it in the contact's language", async () => {
    const ana = await createSender();
    const contact = await createContact(ana.id, { locale: "es" });
    await post(contact.unsubscribeToken, {
      origin: "https://mail.provider.example",
      "sec-fetch-site": "cross-site",
    });
    expect((await recordsOf(ana.id)).map((r) => [r.contactId, r.source, r.wording])).toEqual([
      [contact.id, "email_unsubscribe", "Ya no recibirás recordatorios por correo de Ana Pérez."],
    ]);
  });
});
