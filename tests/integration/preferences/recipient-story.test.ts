import { describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { deliveries } from "@/db/schema";
import { db } from "@/lib/db";
import { runBatch } from "@/lib/delivery/run-batch";
import { loopbackPeers } from "@/tests/support/peers";
import { createContact, createReminder, createSender } from "@/tests/support/delivery-fixtures";
import { contactRow, postPreferences, save } from "@/tests/support/preferences-fixtures";

// The recipient's side from end to end, through the engine and the page's route: an SMS reminder
// carries the link; from it Ana chooses WhatsApp, not before 10:00, in French; her next
// occurrence waits for 10:00 in her zone and goes by WhatsApp, in French.

const peers = loopbackPeers();
const NUMBER = "+33612340099";
const textsTo = (number: string) =>
  peers.twilio.messages.filter((m) => m.to.replace(/^whatsapp:/, "") === number);

async function drain(at: string) {
  for (let i = 0; i < 10; i++) {
    const { leased } = await runBatch({ workerId: "recipient-story", clock: () => new Date(at) });
    if (leased === 0) return;
  }
  throw new Error("the engine did not settle");
}

describe("Ana chooses how she hears from her dentist", () => {
  it("from the link in an SMS: WhatsApp, not before 10:00, in French; the next reminder follows it", async () => {
    const sender = await createSender({ remindersUsedCurrentPeriod: 0 });
    const ana = await createContact(sender.id, { name: "Ana", phone: NUMBER, timezone: "Europe/Paris" });
    // Daily at 09:00 in Paris (08:00 UTC in winter).
    const first = new Date("2031-11-03T08:00:00Z");
    const reminder = await createReminder(sender.id, ana.id, first, {
      deliveryMethod: "sms",
      message: "Dentist on Friday",
      scheduleType: "recurring",
      scheduledFor: first,
      frequency: "daily",
      time: "09:00",
      timezone: "Europe/Paris",
    });

    await drain("2031-11-03T08:00:01Z");
    const [sms] = textsTo(NUMBER);
    expect(sms.to).toBe(NUMBER);
    const link = /Preferences: (\S+\/prefs\/([A-Za-z0-9_-]+))/.exec(sms.body);
    expect(link, sms.body).not.toBeNull();
    const token = link?.[2] ?? "";

    expect((await postPreferences(token, { action: "language", locale: "fr" })).status).toBe(200);
    const saved = await postPreferences(token, save({ channels: ["whatsapp", "sms"], notBefore: "10:00" }));
    expect(saved.json).toEqual({ changed: "preferences" });
    expect(await contactRow(ana.id)).toMatchObject({
      locale: "fr",
      acceptedChannels: ["whatsapp", "sms"],
      windowStart: 600,
      whatsappConsentSource: "website",
    });

    // 09:00 in Paris: held for her hours, nothing sent.
    await drain("2031-11-04T08:00:01Z");
    const steps = () =>
      db.select().from(deliveries).where(eq(deliveries.reminderId, reminder.id)).orderBy(asc(deliveries.id));
    const held = (await steps())[1];
    expect([held.status, held.errorCode, held.nextAttemptAt?.toISOString()]).toEqual([
      "held",
      "contact_window",
      "2031-11-04T09:00:00.000Z",
    ]);
    expect(textsTo(NUMBER)).toHaveLength(1);

    // 10:00 in Paris: by WhatsApp, in French, and the History says why.
    await drain("2031-11-04T09:00:01Z");
    const sent = (await steps())[1];
    expect([sent.channel, sent.requestedChannel, sent.status]).toEqual(["whatsapp", "sms", "sent"]);
    const [, whatsapp] = textsTo(NUMBER);
    expect(whatsapp.to).toBe(`whatsapp:${NUMBER}`);
    expect(whatsapp.body).toContain("vous envoie un rappel via Remindful");
    expect(whatsapp.body).toContain("Dentist on Friday");
  });
});
