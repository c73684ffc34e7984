import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { contacts, deliveries, reminders } from "@/db/schema";
import { db } from "@/lib/db";
import { runBatch } from "@/lib/delivery/run-batch";
import { POST as createContactRoute } from "@/app/api/contacts/route";
import { PUT as updateContactRoute } from "@/app/api/contacts/[id]/route";
import { POST as inbound } from "@/app/api/webhooks/twilio/inbound/route";
import { callRoute } from "@/tests/support/call-route";
import { createSignedInUser } from "@/tests/support/users";
import {
  TEST_ACCOUNT_SID,
  TEST_AUTH_TOKEN,
  TEST_WHATSAPP_TEMPLATES,
  startTwilioSink,
  useTwilioSink,
  type TwilioSink,
} from "@/tests/support/twilio-sink";
import {
  createContact,
  createReminder,
  createSender,
  reloadWorkspace,
} from "@/tests/support/delivery-fixtures";
import { preferencesLine } from "@/tests/support/preferences-line";

let sink: TwilioSink;

beforeAll(async () => {
  sink = await startTwilioSink();
  useTwilioSink(sink);
});

afterAll(async () => {
  await sink.close();
});

const at = (iso: string) => () => new Date(iso);
const INBOUND_URL = "http://localhost:3000/api/webhooks/twilio/inbound";
const consent = { whatsappConsentAt: new Date("2031-01-01T00:00:00Z"), whatsappConsentSource: "in_person" };

async function deliveryOf(reminderId: string) {
  return (await db.select().from(deliveries).where(eq(deliveries.reminderId, reminderId)))[0];
}
const reminderOf = async (id: string) => (await db.select().from(reminders).where(eq(reminders.id, id)))[0];
const usedBy = async (id: string) => (await reloadWorkspace(id)).remindersUsedCurrentPeriod;

describe("WhatsApp through approved Content templates", () => {
  it("sends the template of the sender's language with sanitised variables, never a free-form Body", async () => {
    const user = await createSender({ locale: "es" });
    const contact = await createContact(user.id, { phone: "+34600000101", ...consent });
    const reminder = await createReminder(user.id, contact.id, new Date("2031-08-01T10:00:00Z"), {
      deliveryMethod: "whatsapp",
      message: "Toma\n\tla pastilla      azul",
    });
    await runBatch({ workerId: "w", clock: at("2031-08-01T10:00:00Z") });

    const sent = sink.messages.filter((m) => m.to === "whatsapp:+34600000101");
    expect(sent).toHaveLength(1);
    const row = await deliveryOf(reminder.id);
    // The message, then its preferences link (the variables have room for it).
    const message = `Toma la pastilla azul ${preferencesLine("es", row.id)}`;
    expect(sent[0].contentSid).toBe(TEST_WHATSAPP_TEMPLATES.es.sid);
    expect(sent[0].contentVariables).toEqual({ "1": "Ana Pérez", "2": message });
    expect(sent[0].body).toBe(`Ana Pérez te envía un recordatorio con Remindful: ${message}`);
    expect(sent[0].status).toBe("queued");
    // Twilio would owe a failure callback (63016, 63013...) had the message broken its rules.
    expect(sink.takeCallbacks()).toEqual([]);
    expect(row.status).toBe("sent");
    expect(row.providerMessageId).toBe(sent[0].sid);
  });

  it("checks the template of the recipient's language: a Spanish contact of an English user, with only a Spanish template", async () => {
    const user = await createSender({ locale: "en" });
    const contact = await createContact(user.id, { phone: "+34600000105", locale: "es", ...consent });
    const reminder = await createReminder(user.id, contact.id, new Date("2031-08-05T10:00:00Z"), {
      deliveryMethod: "whatsapp",
      message: "Toma la pastilla",
    });
    useTwilioSink(sink, 100, { whatsappTemplates: { es: TEST_WHATSAPP_TEMPLATES.es.sid } });
    try {
      await runBatch({ workerId: "w", clock: at("2031-08-05T10:00:00Z") });
    } finally {
      useTwilioSink(sink);
    }
    const sent = sink.messages.filter((m) => m.to === "whatsapp:+34600000105");
    expect(sent.map((m) => m.contentSid)).toEqual([TEST_WHATSAPP_TEMPLATES.es.sid]);
    expect((await deliveryOf(reminder.id)).status).toBe("sent");
  });

  it("without the recipient's opt-in fails with no_consent: nothing sent, nothing charged", async () => {
    const user = await createSender({ remindersUsedCurrentPeriod: 3 });
    const contact = await createContact(user.id, { phone: "+34600000102" });
    const reminder = await createReminder(user.id, contact.id, new Date("2031-08-02T10:00:00Z"), {
      deliveryMethod: "whatsapp",
    });
    const before = sink.requests();
    await runBatch({ workerId: "w", clock: at("2031-08-02T10:00:00Z") });

    const row = await deliveryOf(reminder.id);
    expect(row.status).toBe("failed");
    expect(row.errorCode).toBe("no_consent");
    expect(row.error).toBe(
      "The contact has not given their WhatsApp opt-in: record it on the contact before sending by WhatsApp",
    );
    expect(sink.requests()).toBe(before);
    expect(await usedBy(user.id)).toBe(3);
    const after = await reminderOf(reminder.id);
    expect(after.status).toBe("failed");
    expect(after.lastError).toBe(row.error);
  });

  it("refuses a message too long for a template (template_variable_invalid): nothing sent, nothing charged", async () => {
    const user = await createSender({ remindersUsedCurrentPeriod: 0 });
    const contact = await createContact(user.id, { phone: "+34600000103", ...consent });
    const reminder = await createReminder(user.id, contact.id, new Date("2031-08-03T10:00:00Z"), {
      deliveryMethod: "whatsapp",
      message: "x".repeat(950),
    });
    const before = sink.requests();
    await runBatch({ workerId: "w", clock: at("2031-08-03T10:00:00Z") });
    const row = await deliveryOf(reminder.id);
    expect(row.status).toBe("failed");
    expect(row.errorCode).toBe("template_variable_invalid");
    expect(row.error).toBe(
      "The message is too long for a WhatsApp template (900 characters at most, sender name included)",
    );
    expect(sink.requests()).toBe(before);
    expect(await usedBy(user.id)).toBe(0);
  });

  it("checks the template's length on the text as sent, its fields filled in", async () => {
    const user = await createSender({ remindersUsedCurrentPeriod: 0 });
    const contact = await createContact(user.id, {
      phone: "+34600000104",
      name: "N".repeat(150),
      ...consent,
    });
    // 880 characters as written, past 900 once {name} is filled.
    const reminder = await createReminder(user.id, contact.id, new Date("2031-08-04T10:00:00Z"), {
      deliveryMethod: "whatsapp",
      message: `${"x".repeat(874)} {name}`,
    });
    const before = sink.requests();
    await runBatch({ workerId: "w", clock: at("2031-08-04T10:00:00Z") });
    const row = await deliveryOf(reminder.id);
    expect(row.errorCode).toBe("template_variable_invalid");
    // Refused before usage is reserved, with the reason (not the channel's late, vaguer refusal).
    expect(row.error).toBe(
      "The message is too long for a WhatsApp template (900 characters at most, sender name included)",
    );
    expect(sink.requests()).toBe(before);
    expect(await usedBy(user.id)).toBe(0);
  });

  it("records the opt-in through the contacts API (when and how), and sends once it is there", async () => {
    const { user, cookie } = await createSignedInUser({ senderName: "Ana" });
    const created = await callRoute<{ id: string; whatsappConsentAt: string | null }>(
      createContactRoute,
      "/api/contacts",
      { method: "POST", cookie, body: { name: "Leo", phone: "+34600000104" } },
    );
    expect(created.status).toBe(201);
    expect(created.json.whatsappConsentAt).toBeNull();

    const refused = await callRoute(updateContactRoute, `/api/contacts/${created.json.id}`, {
      method: "PUT",
      cookie,
      params: { id: created.json.id },
      body: { whatsappConsentSource: "carrier_pigeon" },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toMatch(/^whatsappConsentSource: /);

    const given = await callRoute<{ whatsappConsentAt: string; whatsappConsentSource: string }>(
      updateContactRoute,
      `/api/contacts/${created.json.id}`,
      {
        method: "PUT",
        cookie,
        params: { id: created.json.id },
        body: { whatsappConsentSource: "written_form", whatsappConsentAt: "2025-02-03T09:00:00Z" },
      },
    );
    expect(given.status).toBe(200);
    expect(given.json.whatsappConsentSource).toBe("written_form");
    expect(new Date(given.json.whatsappConsentAt).toISOString()).toBe("2025-02-03T09:00:00.000Z");
    // Editing another field keeps the opt-in as recorded.
    await callRoute(updateContactRoute, `/api/contacts/${created.json.id}`, {
      method: "PUT",
      cookie,
      params: { id: created.json.id },
      body: { relationship: "Neighbour" },
    });
    const [stored] = await db.select().from(contacts).where(eq(contacts.id, created.json.id));
    expect(stored.whatsappConsentAt?.toISOString()).toBe("2025-02-03T09:00:00.000Z");
    expect(stored.relationship).toBe("Neighbour");

    const reminder = await createReminder(user.id, created.json.id, new Date("2031-08-04T10:00:00Z"), {
      deliveryMethod: "whatsapp",
    });
    await runBatch({ workerId: "w", clock: at("2031-08-04T10:00:00Z") });
    expect((await deliveryOf(reminder.id)).status).toBe("sent");
    // Leo was created without a language: his Spanish number's, so the Spanish template.
    expect(sink.messages.find((m) => m.to === "whatsapp:+34600000104")?.contentSid).toBe(
      TEST_WHATSAPP_TEMPLATES.es.sid,
    );
  });
});

describe("the loopback Twilio peer is as strict as Twilio on WhatsApp", () => {
  const post = (form: Record<string, string>) =>
    fetch(`${sink.base}/2010-04-01/Accounts/${TEST_ACCOUNT_SID}/Messages.json`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${TEST_ACCOUNT_SID}:${TEST_AUTH_TOKEN}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(form),
    });
  const freeForm = {
    To: "whatsapp:+34600000199",
    From: "whatsapp:+14155238886",
    Body: "Hello",
    StatusCallback: "http://localhost:3000/api/webhooks/twilio/status",
  };

  it("fails a free-form Body outside the 24-hour window with 63016; an inbound message opens the window", async () => {
    let clock = Date.parse("2031-09-01T10:00:00Z");
    sink.setNow(() => clock);
    try {
      expect((await post(freeForm)).status).toBe(201);
      expect(sink.takeCallbacks()).toMatchObject([
        { params: { MessageStatus: "failed", ErrorCode: "63016" } },
      ]);

      // The person writes to the business: the app's inbound webhook gets it, the window opens.
      const hello = sink.receive(INBOUND_URL, { From: "whatsapp:+34600000199", Body: "Hi there" });
      expect(
        (await callRoute(inbound, "/api/webhooks/twilio/inbound", { method: "POST", ...hello })).status,
      ).toBe(200);
      clock += 23 * 3_600_000;
      expect((await post(freeForm)).status).toBe(201);
      expect(sink.takeCallbacks()).toEqual([]);

      clock += 2 * 3_600_000;
      await post(freeForm);
      expect(sink.takeCallbacks()).toMatchObject([{ params: { ErrorCode: "63016" } }]);
    } finally {
      sink.setNow(() => Date.now());
    }
  });

  it("refuses empty template variables at once (21656) and Body with ContentVariables (35127)", async () => {
    const template = {
      To: "whatsapp:+34600000198",
      From: "whatsapp:+14155238886",
      ContentSid: TEST_WHATSAPP_TEMPLATES.en.sid,
    };
    const empty = await post({ ...template, ContentVariables: JSON.stringify({ "1": "Ana", "2": "" }) });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { code: number }).code).toBe(21656);
    const both = await post({
      ...template,
      Body: "x",
      ContentVariables: JSON.stringify({ "1": "a", "2": "b" }),
    });
    expect(((await both.json()) as { code: number }).code).toBe(35127);
  });
});
