import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { contacts, deliveries, reminders } from "@/db/schema";
import { db } from "@/lib/db";
import { runBatch } from "@/lib/delivery/run-batch";
import { START_WORDS, STOP_WORDS } from "@/lib/inbound/handle-twilio-inbound";
import { POST as inbound } from "@/app/api/webhooks/twilio/inbound/route";
import { GET as listContactsRoute } from "@/app/api/contacts/route";
import { callRoute } from "@/tests/support/call-route";
import { createSignedInUser } from "@/tests/support/users";
import { signedWebhook, startTwilioSink, useTwilioSink, type TwilioSink } from "@/tests/support/twilio-sink";
import {
  createContact,
  createReminder,
  createSender,
  reloadWorkspace,
} from "@/tests/support/delivery-fixtures";

let sink: TwilioSink;

beforeAll(async () => {
  sink = await startTwilioSink();
  useTwilioSink(sink);
});

afterAll(async () => {
  await sink.close();
});

const INBOUND_URL = "http://localhost:3000/api/webhooks/twilio/inbound";
const contactOf = async (id: string) => (await db.select().from(contacts).where(eq(contacts.id, id)))[0];

/** A new message from a phone: each has its own MessageSid, as Twilio's do. */
async function send(params: Record<string, string>) {
  const hook = signedWebhook(INBOUND_URL, { MessageSid: `SM${randomBytes(16).toString("hex")}`, ...params });
  return callRoute(inbound, "/api/webhooks/twilio/inbound", { method: "POST", ...hook });
}

/** The very request Twilio sent, posted again (a webhook retry, or a captured request replayed). */
async function replay(hook: ReturnType<typeof signedWebhook>) {
  return callRoute(inbound, "/api/webhooks/twilio/inbound", { method: "POST", ...hook });
}

describe("opt-out in step with Twilio", () => {
  it("every opt-out keyword opts the number out of SMS, every opt-in keyword back in (whole body, any case)", async () => {
    const user = await createSender();
    const contact = await createContact(user.id, { phone: "+12125550401" });
    expect([...STOP_WORDS].sort()).toEqual(
      ["CANCEL", "END", "OPTOUT", "QUIT", "REVOKE", "STOP", "STOPALL", "UNSUBSCRIBE"].sort(),
    );
    expect([...START_WORDS].sort()).toEqual(["START", "UNSTOP", "YES"]);
    for (const stop of STOP_WORDS) {
      for (const start of START_WORDS) {
        await send({ From: "+12125550401", Body: ` ${stop.toLowerCase()} ` });
        expect((await contactOf(contact.id)).smsOptOut, stop).toBe(true);
        await send({ From: "+12125550401", Body: start[0] + start.slice(1).toLowerCase() });
        expect((await contactOf(contact.id)).smsOptOut, start).toBe(false);
      }
    }
    // A sentence that merely contains a keyword is not one (Twilio matches the whole body).
    await send({ From: "+12125550401", Body: "Please stop by later" });
    expect((await contactOf(contact.id)).smsOptOut).toBe(false);
  });

  it("a keyword acts once per MessageSid: a START replayed after a later STOP does not opt back in", async () => {
    const user = await createSender();
    const contact = await createContact(user.id, { phone: "+12125550409" });
    const whatsapp = await createContact(user.id, { phone: "+12125550410" });
    const message = (from: string, body: string) =>
      signedWebhook(INBOUND_URL, {
        MessageSid: `SM${randomBytes(16).toString("hex")}`,
        From: from,
        Body: body,
      });

    const start = message("+12125550409", "START");
    expect((await replay(start)).status).toBe(200);
    await send({ From: "+12125550409", Body: "STOP" });
    expect((await contactOf(contact.id)).smsOptOut).toBe(true);
    expect((await replay(start)).status).toBe(200);
    expect((await contactOf(contact.id)).smsOptOut).toBe(true);

    // The same for STOP replayed after START, and a replay is not answered again.
    const stop = message("whatsapp:+12125550410", "STOP");
    expect((await replay(stop)).text).toContain("<Message>");
    await send({ From: "whatsapp:+12125550410", Body: "START" });
    const again = await replay(stop);
    expect(again.status).toBe(200);
    expect(again.text).not.toContain("<Message>");
    expect((await contactOf(whatsapp.id)).whatsappOptOut).toBe(false);
  });

  it("honours Twilio's OptOutType (Advanced Opt-Out: localised or custom keywords)", async () => {
    const user = await createSender();
    const contact = await createContact(user.id, { phone: "+33612345678" });
    await send({ From: "+33612345678", Body: "ARRET", OptOutType: "STOP" });
    expect((await contactOf(contact.id)).smsOptOut).toBe(true);
    await send({ From: "+33612345678", Body: "REPRENDRE", OptOutType: "START" });
    expect((await contactOf(contact.id)).smsOptOut).toBe(false);
    const bad = await send({ From: "+33612345678", Body: "ARRET", OptOutType: "MAYBE" });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/^OptOutType: /);
    expect((await contactOf(contact.id)).smsOptOut).toBe(false);
  });

  it("answers HELP with a TwiML message, unless Advanced Opt-Out already did (OptOutType=HELP)", async () => {
    const res = await send({ From: "+12125550402", Body: "help" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/xml");
    expect(res.text).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Message>Remindful: reminders sent on behalf of people you know. Reply STOP to opt out, START to opt back in.</Message></Response>',
    );
    const handled = await send({ From: "+12125550402", Body: "AIDE", OptOutType: "HELP" });
    expect(handled.text).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
  });

  it("STOP on WhatsApp opts out of WhatsApp only, and confirms it (Twilio does not on WhatsApp)", async () => {
    const user = await createSender();
    const contact = await createContact(user.id, { phone: "+12125550403" });
    const res = await send({ From: "whatsapp:+12125550403", Body: "STOP" });
    expect(res.text).toContain("<Message>You will no longer receive WhatsApp reminders");
    const row = await contactOf(contact.id);
    expect(row.whatsappOptOut).toBe(true);
    expect(row.smsOptOut).toBe(false);
  });

  it("refuses a malformed inbound webhook with a clear reason and changes nothing", async () => {
    const user = await createSender();
    const contact = await createContact(user.id, { phone: "+12125550404" });
    const res = await send({ From: "not a number", Body: "STOP" });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe("From: Invalid sender address");
    expect((await contactOf(contact.id)).smsOptOut).toBe(false);
  });

  it("error 21610 on a send fails it with that code, refunds it, and opts the contact out of that channel", async () => {
    const user = await createSender({ remindersUsedCurrentPeriod: 5 });
    const contact = await createContact(user.id, { phone: "+12125550405", timezone: "UTC" });
    const first = await createReminder(user.id, contact.id, new Date("2031-10-01T12:00:00Z"), {
      deliveryMethod: "sms",
    });
    sink.setMode({
      kind: "error",
      status: 400,
      code: 21610,
      message: "Attempt to send to unsubscribed recipient",
    });
    try {
      await runBatch({ workerId: "w", clock: () => new Date("2031-10-01T12:00:00Z") });
    } finally {
      sink.setMode({ kind: "accept" });
    }
    const [row] = await db.select().from(deliveries).where(eq(deliveries.reminderId, first.id));
    expect(row.status).toBe("failed");
    expect(row.errorCode).toBe("21610");
    expect(row.error).toBe("Attempt to send to unsubscribed recipient");
    const after = await contactOf(contact.id);
    expect(after.smsOptOut).toBe(true);
    expect(after.whatsappOptOut).toBe(false);
    expect((await reloadWorkspace(user.id)).remindersUsedCurrentPeriod).toBe(5);
    expect((await db.select().from(reminders).where(eq(reminders.id, first.id)))[0].status).toBe("failed");

    // The next SMS to that contact is decided without asking Twilio.
    const second = await createReminder(user.id, contact.id, new Date("2031-10-02T12:00:00Z"), {
      deliveryMethod: "sms",
    });
    const requests = sink.requests();
    await runBatch({ workerId: "w", clock: () => new Date("2031-10-02T12:00:00Z") });
    expect(sink.requests()).toBe(requests);
    const [next] = await db.select().from(deliveries).where(eq(deliveries.reminderId, second.id));
    expect(next.errorCode).toBe("opted_out");
  });

  it("the contacts API shows each channel's opt-out, for the contact card", async () => {
    const { user, cookie } = await createSignedInUser();
    await createContact(user.id, { name: "Out", phone: "+12125550406", smsOptOut: true });
    const res = await callRoute<Record<string, unknown>[]>(listContactsRoute, "/api/contacts", { cookie });
    expect(res.json[0]).toMatchObject({ emailOptOut: false, smsOptOut: true, whatsappOptOut: false });
  });
});
