import { describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { contacts, deliveries, deliveryReplies, reminders } from "@/db/schema";
import { db } from "@/lib/db";
import { runBatch } from "@/lib/delivery/run-batch";
import { sendOccurrenceNow } from "@/lib/delivery/send-occurrence-now";
import { POST as inbound } from "@/app/api/webhooks/twilio/inbound/route";
import { GET as historyRoute } from "@/app/api/reminders/[id]/deliveries/route";
import { callRoute } from "@/tests/support/call-route";
import { loopbackPeers } from "@/tests/support/peers";
import { createSignedInUser } from "@/tests/support/users";
import { noonZone } from "@/tests/support/noon-zone";
import {
  signedWebhook,
  TEST_WHATSAPP_CONFIRM_TEMPLATES,
  TEST_WHATSAPP_TEMPLATES,
  useTwilioSink,
} from "@/tests/support/twilio-sink";
import {
  createContact,
  createReminder,
  createSender,
  reloadWorkspace,
} from "@/tests/support/delivery-fixtures";
import { smsWithPreferences } from "@/tests/support/preferences-line";

const peers = loopbackPeers();

const INBOUND_URL = "http://localhost:3000/api/webhooks/twilio/inbound";
const SMS_FROM = "+15005550006";
const WHATSAPP_FROM = "whatsapp:+14155238886";
const EMPTY = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';
const answer = (text: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Response><Message>${text}</Message></Response>`;

let phones = 0;
/** A fresh number per case (contacts of one test file share the database). */
const phone = () => `+1212555${String(7000 + phones++).padStart(4, "0")}`;
const sid = () => `SM${randomBytes(16).toString("hex")}`;

/** A reply as Twilio posts it: signed with the auth token, to our sender, with a fresh MessageSid. */
async function reply(from: string, body: string, extra: Record<string, string> = {}) {
  const whatsapp = from.startsWith("whatsapp:");
  const params = {
    MessageSid: sid(),
    From: from,
    To: whatsapp ? WHATSAPP_FROM : SMS_FROM,
    Body: body,
    ...extra,
  };
  const hook = signedWebhook(INBOUND_URL, params);
  const res = await callRoute(inbound, "/api/webhooks/twilio/inbound", { method: "POST", ...hook });
  expect(res.status).toBe(200);
  return { ...res, params };
}

const deliveriesOf = (reminderId: string) =>
  db.select().from(deliveries).where(eq(deliveries.reminderId, reminderId)).orderBy(deliveries.id);
const repliesOf = (reminderId: string) =>
  db
    .select()
    .from(deliveryReplies)
    .where(eq(deliveryReplies.reminderId, reminderId))
    .orderBy(deliveryReplies.id);

const DUE = new Date("2031-05-05T12:00:00Z");

/**
 * A reminder asking for confirmation, sent by the engine at DUE (noon UTC: outside SMS quiet
 * hours). Returns the reminder, its contact's number and the message as the sink received it.
 */
async function sentAsk(
  options: {
    locale?: "en" | "es" | "fr";
    channel?: "sms" | "whatsapp";
    number?: string;
    userId?: string;
    at?: Date;
  } = {},
) {
  const userId = options.userId ?? (await createSender()).id;
  const number = options.number ?? phone();
  const contact = await createContact(userId, {
    phone: number,
    timezone: "UTC",
    locale: options.locale ?? "en",
    whatsappConsentAt: new Date("2031-01-01T00:00:00Z"),
    whatsappConsentSource: "in_person",
  });
  const at = options.at ?? DUE;
  const reminder = await createReminder(userId, contact.id, at, {
    deliveryMethod: options.channel ?? "sms",
    askConfirmation: true,
  });
  const before = peers.twilio.messages.length;
  await sendOccurrenceNow({ workerId: "w", clock: () => at, reminderId: reminder.id, workspaceId: userId });
  const sent = peers.twilio.messages.slice(before);
  expect(sent).toHaveLength(1);
  const [delivery] = await deliveriesOf(reminder.id);
  expect(delivery.status).toBe("sent");
  return { reminder, contact, number, userId, message: sent[0], delivery };
}

describe("replies that act on a reminder asking for confirmation", () => {
  it("the SMS carries the ask in the recipient's language and the delivery awaits an answer", async () => {
    const en = await sentAsk({ locale: "en" });
    expect(en.message.body).toBe(
      "Remindful, from Ana Pérez: Call grandma\nReply YES to confirm, NO to cancel, LATER for 1 hour.\nReply STOP to opt out.",
    );
    expect(en.delivery.confirmation).toBe("awaiting");
    const es = await sentAsk({ locale: "es" });
    expect(es.message.body).toContain(
      "\nResponde SÍ para confirmar, NO para cancelar, MÁS TARDE para dentro de 1 hora.\n",
    );
    const fr = await sentAsk({ locale: "fr" });
    expect(fr.message.body).toContain(
      "\nRépondez OUI pour confirmer, NON pour annuler, PLUS TARD pour dans 1 heure.\n",
    );
    // Without the ask: no line, nothing awaited.
    const user = await createSender();
    const contact = await createContact(user.id, { phone: phone(), timezone: "UTC" });
    const plain = await createReminder(user.id, contact.id, DUE, { deliveryMethod: "sms" });
    await sendOccurrenceNow({ workerId: "w", clock: () => DUE, reminderId: plain.id, workspaceId: user.id });
    const [plainDelivery] = await deliveriesOf(plain.id);
    // Short enough for the preferences line; the ask above left no room for it in one segment.
    expect(peers.twilio.messages.at(-1)?.body).toBe(
      smsWithPreferences(
        "Remindful, from Ana Pérez: Call grandma\nReply STOP to opt out.",
        "en",
        plainDelivery.id,
      ),
    );
    expect(plainDelivery.confirmation).toBeNull();
  });

  const cases = [
    ["en", "YES", "confirmed", "Thank you, confirmed."],
    ["en", " y ", "confirmed", "Thank you, confirmed."],
    ["en", "C", "confirmed", "Thank you, confirmed."],
    ["en", "confirm", "confirmed", "Thank you, confirmed."],
    ["en", "No", "declined", "Noted: cancelled."],
    ["en", "LATER", "snoozed", "OK, we will remind you again in 1 hour."],
    ["es", "Sí", "confirmed", "Gracias, confirmado."],
    ["es", "si", "confirmed", "Gracias, confirmado."],
    ["es", "CONFIRMO", "confirmed", "Gracias, confirmado."],
    ["es", "no", "declined", "Entendido: cancelado."],
    ["es", "Más tarde", "snoozed", "De acuerdo, te lo recordaremos de nuevo dentro de 1 hora."],
    ["es", "luego", "snoozed", "De acuerdo, te lo recordaremos de nuevo dentro de 1 hora."],
    ["fr", "Oui", "confirmed", "Merci, c&#39;est confirmé."],
    ["fr", "confirmé", "confirmed", "Merci, c&#39;est confirmé."],
    ["fr", "NON", "declined", "C&#39;est noté : annulé."],
    ["fr", "plus tard", "snoozed", "D&#39;accord, nous vous le rappellerons dans 1 heure."],
  ] as const;

  it.each(cases)(
    "%s %j: the delivery is %s, the reply stored, the sender answered",
    async (locale, body, state, ack) => {
      const { reminder, number } = await sentAsk({ locale });
      const res = await reply(number, body);
      expect(res.headers.get("content-type")).toBe("text/xml");
      expect(res.text).toBe(answer(ack));
      const [first] = await deliveriesOf(reminder.id);
      expect(first.confirmation).toBe(state);
      expect(first.confirmationAt).not.toBeNull();
      const stored = await repliesOf(reminder.id);
      expect(stored.map((r) => [r.body, r.action, r.providerMessageId, r.deliveryId])).toEqual([
        [
          body,
          { confirmed: "confirm", declined: "decline", snoozed: "snooze" }[state],
          res.params.MessageSid,
          first.id,
        ],
      ]);
    },
  );

  it("STOP is handled first and never confirms; the reply is kept in the history", async () => {
    const { reminder, number, contact } = await sentAsk();
    const res = await reply(number, "STOP");
    expect(res.text).toBe(EMPTY); // Twilio answers STOP on SMS itself
    expect((await db.select().from(contacts).where(eq(contacts.id, contact.id)))[0].smsOptOut).toBe(true);
    expect((await deliveriesOf(reminder.id))[0].confirmation).toBe("awaiting");
    expect((await repliesOf(reminder.id)).map((r) => r.action)).toEqual(["opt_out"]);
    // With Advanced Opt-Out a localised STOP word comes as OptOutType=STOP: no confirmation either.
    const other = await sentAsk({ locale: "fr" });
    await reply(other.number, "OUI", { OptOutType: "STOP" });
    expect((await deliveriesOf(other.reminder.id))[0].confirmation).toBe("awaiting");
  });

  it("YES also opts a number back in (Twilio's opt-in word) and confirms", async () => {
    const { reminder, number, contact } = await sentAsk();
    await db.update(contacts).set({ smsOptOut: true }).where(eq(contacts.id, contact.id));
    await reply(number, "yes");
    expect((await db.select().from(contacts).where(eq(contacts.id, contact.id)))[0].smsOptOut).toBe(false);
    expect((await deliveriesOf(reminder.id))[0].confirmation).toBe("confirmed");
  });

  it("a replayed MessageSid changes nothing", async () => {
    const { reminder, number } = await sentAsk();
    const first = await reply(number, "LATER");
    const again = signedWebhook(INBOUND_URL, first.params);
    const replayed = await callRoute(inbound, "/api/webhooks/twilio/inbound", { method: "POST", ...again });
    expect(replayed.status).toBe(200);
    // The same id with other words (a forged or mangled retry) does not act either.
    const other = signedWebhook(INBOUND_URL, { ...first.params, Body: "YES" });
    await callRoute(inbound, "/api/webhooks/twilio/inbound", { method: "POST", ...other });
    const rows = await deliveriesOf(reminder.id);
    expect(rows.map((d) => d.confirmation)).toEqual(["snoozed", null]);
    expect(await repliesOf(reminder.id)).toHaveLength(1);
  });

  it("another number, or a message to another of our numbers, matches nothing and gets no answer", async () => {
    const { reminder, number } = await sentAsk();
    const stranger = await reply(phone(), "YES");
    expect(stranger.text).toBe(EMPTY);
    const elsewhere = await reply(number, "YES", { To: "+15005550099" });
    expect(elsewhere.text).toBe(EMPTY);
    // The same number on the other channel: nothing was asked there.
    const whatsapp = await reply(`whatsapp:${number}`, "NO");
    expect(whatsapp.text).toBe(EMPTY);
    expect((await deliveriesOf(reminder.id))[0].confirmation).toBe("awaiting");
    expect(await repliesOf(reminder.id)).toHaveLength(0);
  });

  it("other text is stored on the delivery awaiting an answer, changes nothing and gets no answer", async () => {
    const { reminder, number } = await sentAsk();
    const res = await reply(number, "Running 10 minutes late");
    expect(res.text).toBe(EMPTY);
    expect((await deliveriesOf(reminder.id))[0].confirmation).toBe("awaiting");
    expect((await repliesOf(reminder.id)).map((r) => [r.body, r.action])).toEqual([
      ["Running 10 minutes late", "none"],
    ]);
  });

  it("contacts of several users sharing one number: the newest ask gets the answer", async () => {
    const shared = phone();
    const older = await sentAsk({ number: shared, at: new Date("2031-05-05T12:00:00Z") });
    const newer = await sentAsk({ number: shared, at: new Date("2031-05-05T13:00:00Z") });
    expect(older.userId).not.toBe(newer.userId);
    await reply(shared, "YES");
    expect((await deliveriesOf(newer.reminder.id))[0].confirmation).toBe("confirmed");
    expect((await deliveriesOf(older.reminder.id))[0].confirmation).toBe("awaiting");
    // The next answer goes to the one still awaiting.
    await reply(shared, "NO");
    expect((await deliveriesOf(older.reminder.id))[0].confirmation).toBe("declined");
    expect((await deliveriesOf(newer.reminder.id))[0].confirmation).toBe("confirmed");
  });

  it("LATER creates exactly one snoozed delivery that the engine sends an hour later, asking again; it counts as a message", async () => {
    const { reminder, number, userId, contact } = await sentAsk();
    // The resend is an SMS like any other, held in the recipient's quiet hours (20:00-08:00):
    // the recipient lives where it will be about noon an hour from now.
    await db
      .update(contacts)
      .set({ timezone: noonZone(Date.now() + 3_600_000) })
      .where(eq(contacts.id, contact.id));
    const usedBefore = (await reloadWorkspace(userId)).remindersUsedCurrentPeriod;
    await reply(number, "later");
    await reply(number, "LATER"); // a second LATER before the resend: still one resend
    const rows = await deliveriesOf(reminder.id);
    expect(rows).toHaveLength(2);
    const [original, resend] = rows;
    expect(original.confirmation).toBe("snoozed");
    expect(resend).toMatchObject({ status: "queued", snoozedFromId: original.id, confirmation: null });
    const replyAt = (await repliesOf(reminder.id))[0].receivedAt.getTime();
    expect(resend.nextAttemptAt?.getTime()).toBe(replyAt + 3_600_000);
    expect(resend.occurrenceAt.getTime()).toBe(replyAt + 3_600_000);

    // Counted for this number only: the same batch may send other tests' deliveries due by then.
    const toNumber = () => peers.twilio.messages.filter((m) => m.to === number).length;
    const before = peers.twilio.messages.length;
    const sentBefore = toNumber();
    await runBatch({ workerId: "w", clock: () => new Date(replyAt + 3_599_000) });
    expect(toNumber()).toBe(sentBefore);
    await runBatch({ workerId: "w", clock: () => new Date(replyAt + 3_600_000) });
    const resent = peers.twilio.messages.slice(before).filter((m) => m.to === number);
    expect(resent).toHaveLength(1);
    expect(resent[0].body).toContain("Call grandma\nReply YES to confirm");
    const after = await deliveriesOf(reminder.id);
    expect(after[1]).toMatchObject({ status: "sent", confirmation: "awaiting" });
    expect((await reloadWorkspace(userId)).remindersUsedCurrentPeriod).toBe(usedBefore + 1);
    // The resend is now the newest ask: YES confirms it.
    await reply(number, "YES");
    expect((await deliveriesOf(reminder.id)).map((d) => d.confirmation)).toEqual(["snoozed", "confirmed"]);
  });

  it("YES after LATER, before the resend left, confirms and cancels the resend", async () => {
    const { reminder, number } = await sentAsk();
    await reply(number, "LATER");
    await reply(number, "YES");
    const rows = await deliveriesOf(reminder.id);
    expect(rows.map((d) => d.confirmation)).toEqual(["confirmed"]);
  });

  it("WhatsApp: the quick-reply template carries the ask and a tapped button (ButtonPayload) answers", async () => {
    const { reminder, number, message, delivery } = await sentAsk({ channel: "whatsapp", locale: "es" });
    expect(message.contentSid).toBe(TEST_WHATSAPP_CONFIRM_TEMPLATES.es.sid);
    expect(delivery.confirmation).toBe("awaiting");
    const res = await reply(`whatsapp:${number}`, "Más tarde", {
      ButtonPayload: "DECLINE",
      ButtonText: "No",
    });
    expect(res.text).toBe(answer("Entendido: cancelado."));
    expect((await deliveriesOf(reminder.id))[0].confirmation).toBe("declined");
  });

  it("WhatsApp without a quick-reply template: the plain template goes and no answer is awaited", async () => {
    useTwilioSink(peers.twilio, 100, { whatsappConfirmTemplates: {} });
    try {
      const { message, delivery, number, reminder } = await sentAsk({ channel: "whatsapp", locale: "fr" });
      expect(message.contentSid).toBe(TEST_WHATSAPP_TEMPLATES.fr.sid);
      expect(delivery.confirmation).toBeNull();
      expect((await reply(`whatsapp:${number}`, "OUI")).text).toBe(EMPTY);
      expect(await repliesOf(reminder.id)).toHaveLength(0);
    } finally {
      useTwilioSink(peers.twilio);
    }
  });

  it("the reminder's history shows each delivery's confirmation state and its replies", async () => {
    const { user, cookie } = await createSignedInUser();
    const { reminder, number } = await sentAsk({ userId: user.id });
    await reply(number, "Perhaps");
    await reply(number, "LATER");
    const res = await callRoute<Record<string, unknown>[]>(
      historyRoute,
      `/api/reminders/${reminder.id}/deliveries`,
      {
        cookie,
        params: { id: reminder.id },
      },
    );
    expect(res.status).toBe(200);
    expect(res.json).toHaveLength(2);
    const original = res.json.find((d) => d.confirmation === "snoozed")!;
    const resend = res.json.find((d) => d.snoozedFromId !== null)!;
    expect(resend).toMatchObject({ status: "queued", confirmation: null, replies: [] });
    expect(resend.snoozedFromId).toBe(original.id);
    expect(original).toMatchObject({ status: "sent", confirmation: "snoozed" });
    expect((original.replies as { body: string; action: string }[]).map((r) => [r.body, r.action])).toEqual([
      ["Perhaps", "none"],
      ["LATER", "snooze"],
    ]);
    // Another user's reminder stays a 404.
    const stranger = await createSignedInUser();
    const hidden = await callRoute(historyRoute, `/api/reminders/${reminder.id}/deliveries`, {
      cookie: stranger.cookie,
      params: { id: reminder.id },
    });
    expect(hidden.status).toBe(404);
    const row = await db
      .select()
      .from(reminders)
      .where(and(eq(reminders.id, reminder.id), eq(reminders.workspaceId, user.id)));
    expect(row).toHaveLength(1);
  });
});
