import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { POST as CREATE_CONTACT } from "@/app/api/contacts/route";
import { POST as FROM_DATE } from "@/app/api/reminders/from-date/route";
import { contacts, deliveries, reminders } from "@/db/schema";
import { db } from "@/lib/db";
import { runBatch } from "@/lib/delivery/run-batch";
import { callRoute } from "@/tests/support/call-route";
import { loopbackPeers } from "@/tests/support/peers";
import type { SunkMail } from "@/tests/support/smtp-sink";
import { createSignedInUser } from "@/tests/support/users";

const peers = loopbackPeers();

/** The message as written: quoted-printable soft breaks and escapes undone, encoded words decoded. */
function textOf(mail: SunkMail): string {
  const unfolded = mail.raw.replace(/=\r?\n/g, "");
  const bytes = unfolded.replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
  return Buffer.from(bytes, "latin1").toString("utf8");
}

const at = (iso: string) => () => new Date(iso);
const mailsTo = (address: string) => peers.smtp.messages.filter((m) => m.to.includes(address));

describe("a friend's birthday, without typing a schedule", () => {
  it('sends "Happy 40th, Ana!" at 09:00 in her zone, and the user an e-mail a week before in theirs', async () => {
    // The user lives in New York; Ana, born 3 March 1986, in Madrid.
    const { user, cookie } = await createSignedInUser({
      planType: "starter",
      subscriptionStatus: "active",
      remindersQuota: 100,
      timezone: "America/New_York",
      locale: "en",
      senderName: "Marta",
    });
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-01-15T12:00:00Z") });
    let dateId: string;
    try {
      const contact = await callRoute<{ id: string; dates: { id: string }[] }>(
        CREATE_CONTACT,
        "/api/contacts",
        {
          method: "POST",
          cookie,
          body: {
            name: "Ana López",
            email: "ana.birthday@example.org",
            timezone: "Europe/Madrid",
            dates: [{ kind: "birthday", month: 3, day: 3, year: 1986 }],
          },
        },
      );
      dateId = contact.json.dates[0].id;
      const created = await callRoute(FROM_DATE, "/api/reminders/from-date", {
        method: "POST",
        cookie,
        body: {
          contactDateId: dateId,
          time: "09:00",
          message: "Happy {age}th, {first_name}!",
          leadDays: [7],
        },
      });
      expect(created.status).toBe(201);
    } finally {
      vi.useRealTimers();
    }

    // The lead: 24 February 2026 at 09:00 New York (EST, UTC-5) = 14:00Z, to the user's own address.
    await runBatch({ workerId: "w", clock: at("2026-02-24T13:59:59Z") });
    expect(mailsTo(user.email)).toHaveLength(0);
    await runBatch({ workerId: "w", clock: at("2026-02-24T14:00:01Z") });
    const [lead] = mailsTo(user.email);
    expect(lead).toBeDefined();
    const leadText = textOf(lead);
    expect(leadText).toContain("Ana López's birthday is on March 3 (turning 40).");
    expect(lead.headers.get("subject")).toBe("Coming up for Ana López");
    // The engine moves the lead to next year's, a week before 3 March 2027.
    const [leadReminder] = await db
      .select()
      .from(reminders)
      .where(and(eq(reminders.workspaceId, user.id), eq(reminders.recipient, "owner")));
    expect(leadReminder.nextRunAt?.toISOString()).toBe("2027-02-24T14:00:00.000Z");
    // Nothing that would opt Ana out, and nothing sent to her yet.
    expect(lead.headers.get("list-unsubscribe")).toBeUndefined();
    expect(leadText).not.toContain("/api/unsubscribe/");
    expect(mailsTo("ana.birthday@example.org")).toHaveLength(0);

    // The day: 3 March 2026 at 09:00 Madrid (CET, UTC+1) = 08:00Z.
    await runBatch({ workerId: "w", clock: at("2026-03-03T07:59:59Z") });
    expect(mailsTo("ana.birthday@example.org")).toHaveLength(0);
    // Her mail server asks to try later: the retry (leased again, not materialized) renders the same.
    peers.smtp.setMode({ kind: "reject", code: 451, message: "4.7.1 Try again later" });
    await runBatch({ workerId: "w", clock: at("2026-03-03T08:00:01Z") });
    peers.smtp.setMode({ kind: "accept" });
    expect(mailsTo("ana.birthday@example.org")).toHaveLength(0);
    await runBatch({ workerId: "w", clock: at("2026-03-03T09:00:00Z") });
    const [greeting] = mailsTo("ana.birthday@example.org");
    expect(textOf(greeting)).toContain("Happy 40th, Ana!");
    expect(greeting.headers.get("list-unsubscribe")).toBeDefined();
    expect(mailsTo(user.email)).toHaveLength(1);

    const sent = await db
      .select({ occurrenceAt: deliveries.occurrenceAt, status: deliveries.status })
      .from(deliveries)
      .where(eq(deliveries.workspaceId, user.id))
      .orderBy(deliveries.occurrenceAt);
    expect(sent.map((d) => [d.occurrenceAt.toISOString(), d.status])).toEqual([
      ["2026-02-24T14:00:00.000Z", "sent"],
      ["2026-03-03T08:00:00.000Z", "sent"],
    ]);
    const [ana] = await db.select().from(contacts).where(eq(contacts.workspaceId, user.id));
    expect(ana.emailOptOut).toBe(false);
  });
});
