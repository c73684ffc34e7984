import { describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { creditLedger, deliveries, reminders, webhookEndpoints, webhookMessages } from "@/db/schema";
import { db } from "@/lib/db";
import { runBatch } from "@/lib/delivery/run-batch";
import { loopbackPeers } from "@/tests/support/peers";
import {
  createContact,
  createReminder,
  createSender,
  reloadWorkspace,
} from "@/tests/support/delivery-fixtures";
import {
  createGroupReminder,
  memberDeliveries,
  membersOf,
  occurrencesOf,
} from "@/tests/support/group-fixtures";

const peers = loopbackPeers();

const reminderOf = async (id: string) => (await db.select().from(reminders).where(eq(reminders.id, id)))[0];
const workspaceOf = (id: string) => reloadWorkspace(id);
const deliveriesOf = (reminderId: string) =>
  db.select().from(deliveries).where(eq(deliveries.reminderId, reminderId));
const mailsTo = (address: string) => peers.smtp.messages.filter((m) => m.to.includes(address));

/** `n` contacts of the user with fresh e-mail addresses. */
async function contactsOf(userId: string, n: number, values: Parameters<typeof createContact>[1] = {}) {
  const made = [];
  for (let i = 0; i < n; i++) {
    made.push(
      await createContact(userId, {
        email: `m-${randomBytes(5).toString("hex")}@example.org`,
        timezone: "UTC",
        ...values,
      }),
    );
  }
  return made;
}

/** Batches at `clock` until one leases nothing. */
async function drain(clock: () => Date, workerId = "groups-test", limit?: number) {
  for (let i = 0; i < 50; i++) {
    const { leased } = await runBatch({ workerId, clock, limit });
    if (leased === 0) return;
  }
  throw new Error("the engine did not settle");
}

describe("a group reminder is never sent itself", () => {
  it("a one-time group reminder only moves on (ends sent, nothing due); each member gets its own delivery, once", async () => {
    const user = await createSender({ remindersUsedCurrentPeriod: 0 });
    const contacts = await contactsOf(user.id, 3);
    const due = new Date("2033-01-10T12:00:00Z");
    const { reminder, members } = await createGroupReminder(
      user.id,
      contacts.map((c) => c.id),
      due,
    );
    expect(members).toHaveLength(3);
    await drain(() => due);
    await drain(() => new Date(due.getTime() + 60_000));
    const group = await reminderOf(reminder.id);
    expect(group.status).toBe("sent");
    expect(group.nextRunAt).toBeNull();
    expect(await deliveriesOf(reminder.id)).toHaveLength(0);
    const sent = await memberDeliveries(reminder.id);
    expect(sent.map((d) => d.status)).toEqual(["sent", "sent", "sent"]);
    for (const contact of contacts) expect(mailsTo(contact.email!)).toHaveLength(1);
    expect((await workspaceOf(user.id)).remindersUsedCurrentPeriod).toBe(3);
    expect(await occurrencesOf(reminder.id)).toEqual([
      expect.objectContaining({ status: "covered", members: 3, unitsHeld: 3, unitsDrawn: 3 }),
    ]);
  });

  it("a recurring group reminder moves to its next occurrence in its own zone", async () => {
    const user = await createSender();
    const contacts = await contactsOf(user.id, 2);
    // 18:00 in Paris on a Thursday, weekly.
    const due = new Date("2033-01-13T17:00:00Z");
    const { reminder } = await createGroupReminder(
      user.id,
      contacts.map((c) => c.id),
      due,
      {
        scheduleType: "recurring",
        frequency: "weekly",
        days: ["Thu"],
        time: "18:00",
        endCondition: "never",
        timezone: "Europe/Paris",
      },
    );
    await drain(() => due);
    const group = await reminderOf(reminder.id);
    expect(group.status).toBe("scheduled");
    expect(group.nextRunAt).toEqual(new Date("2033-01-20T17:00:00Z"));
    expect(group.occurrencesSent).toBe(1);
    expect(await deliveriesOf(reminder.id)).toHaveLength(0);
    expect((await memberDeliveries(reminder.id)).map((d) => d.status)).toEqual(["sent", "sent"]);
  });

  it("a member's delivery events name its group reminder (groupReminderId)", async () => {
    const user = await createSender();
    await db.insert(webhookEndpoints).values({
      workspaceId: user.id,
      url: "https://hooks.example/groups",
      events: ["delivery.sent"],
      secret: "whsec_test",
    });
    const contacts = await contactsOf(user.id, 2);
    const due = new Date("2033-01-11T12:00:00Z");
    const { reminder, members } = await createGroupReminder(
      user.id,
      contacts.map((c) => c.id),
      due,
    );
    await drain(() => due);
    const events = await db
      .select({ payload: webhookMessages.payload })
      .from(webhookMessages)
      .where(eq(webhookMessages.workspaceId, user.id))
      .orderBy(asc(webhookMessages.id));
    const data = events.map((e) => (e.payload as { data: Record<string, unknown> }).data);
    expect(data).toHaveLength(2);
    for (const d of data) expect(d).toMatchObject({ groupReminderId: reminder.id, fallbackStep: 0 });
    expect(data.map((d) => d.reminderId).sort()).toEqual(members.map((m) => m.id).sort());
  });
});

describe("a group occurrence is covered for every member or for none", () => {
  it("two groups due together with quota for one, under concurrent batches: one group fully sent, the other fully refused", async () => {
    const user = await createSender({
      planType: "personal",
      remindersQuota: 7,
      remindersUsedCurrentPeriod: 0,
    });
    const due = new Date("2033-02-01T12:00:00Z");
    const a = await createGroupReminder(
      user.id,
      (await contactsOf(user.id, 5)).map((c) => c.id),
      due,
    );
    const b = await createGroupReminder(
      user.id,
      (await contactsOf(user.id, 5)).map((c) => c.id),
      due,
    );
    // Four workers at once, three deliveries a batch: both groups' members mix in every batch.
    await Promise.all(["w1", "w2", "w3", "w4"].map((w) => drain(() => due, w, 3)));
    await drain(() => new Date(due.getTime() + 1_000));
    const outcomes = await Promise.all(
      [a, b].map(async (g) => (await memberDeliveries(g.reminder.id)).map((d) => [d.status, d.errorCode])),
    );
    const sent = outcomes.find((o) => o.every(([s]) => s === "sent"));
    const refused = outcomes.find((o) => o.every(([s, code]) => s === "failed" && code === "quota"));
    expect(sent).toHaveLength(5);
    expect(refused).toHaveLength(5);
    expect((await workspaceOf(user.id)).remindersUsedCurrentPeriod).toBe(5);
    const statuses = (await Promise.all([a, b].map((g) => occurrencesOf(g.reminder.id))))
      .flat()
      .map((o) => o.status);
    expect(statuses.sort()).toEqual(["covered", "refused"]);
    // The refusal says why, for the whole occurrence.
    const failed = [
      ...(await memberDeliveries(a.reminder.id)),
      ...(await memberDeliveries(b.reminder.id)),
    ].find((d) => d.status === "failed");
    expect(failed?.error).toBe(
      "Sent to no member: this group occurrence needs 5 reminders and the plan cannot cover them all",
    );
  });

  it("pay-as-you-go: nothing of the refused group is charged, the covered one pays a cent a member", async () => {
    const user = await createSender({ planType: "payg", paygCreditBalance: 5, remindersQuota: 0 });
    const due = new Date("2033-02-02T12:00:00Z");
    const groups = [
      await createGroupReminder(
        user.id,
        (await contactsOf(user.id, 4)).map((c) => c.id),
        due,
      ),
      await createGroupReminder(
        user.id,
        (await contactsOf(user.id, 4)).map((c) => c.id),
        due,
      ),
    ];
    await Promise.all(["p1", "p2"].map((w) => drain(() => due, w, 3)));
    const counts = await Promise.all(
      groups.map(
        async (g) => (await memberDeliveries(g.reminder.id)).filter((d) => d.status === "sent").length,
      ),
    );
    expect(counts.sort()).toEqual([0, 4]);
    const codes = (await Promise.all(groups.map((g) => memberDeliveries(g.reminder.id))))
      .flat()
      .filter((d) => d.status === "failed")
      .map((d) => d.errorCode);
    expect(codes).toEqual(["no_credit", "no_credit", "no_credit", "no_credit"]);
    expect((await workspaceOf(user.id)).paygCreditBalance).toBe(1);
    const ledger = await db.select().from(creditLedger).where(eq(creditLedger.workspaceId, user.id));
    expect(ledger.filter((l) => l.reason === "delivery")).toHaveLength(4);
    expect(ledger.filter((l) => l.reason === "refund")).toHaveLength(0);
  });

  it("a single reminder sees the quota less what a group occurrence holds for its members still to come", async () => {
    const user = await createSender({
      planType: "personal",
      remindersQuota: 6,
      remindersUsedCurrentPeriod: 0,
    });
    const t0 = new Date("2033-02-03T09:00:00Z");
    const contacts = await contactsOf(user.id, 5);
    const { reminder } = await createGroupReminder(
      user.id,
      contacts.map((c) => c.id),
      t0,
    );
    // One member due first, the others an hour later on the same local day (as members in
    // different zones are under "same local time").
    const [first, ...rest] = await membersOf(reminder.id);
    for (const m of rest) {
      await db
        .update(reminders)
        .set({ nextRunAt: new Date(t0.getTime() + 3_600_000) })
        .where(eq(reminders.id, m.id));
    }
    await db.update(reminders).set({ nextRunAt: t0 }).where(eq(reminders.id, first.id));
    await db.update(reminders).set({ status: "sent", nextRunAt: null }).where(eq(reminders.id, reminder.id));
    await drain(() => t0);
    expect((await deliveriesOf(first.id)).map((d) => d.status)).toEqual(["sent"]);
    expect(await occurrencesOf(reminder.id)).toEqual([
      expect.objectContaining({ status: "covered", unitsHeld: 5, unitsDrawn: 1 }),
    ]);

    // Two single reminders of the same user: 6 - 1 used - 4 held leaves room for one.
    const single = await contactsOf(user.id, 2);
    const later = new Date(t0.getTime() + 60_000);
    const s1 = await createReminder(user.id, single[0].id, later);
    const s2 = await createReminder(user.id, single[1].id, new Date(later.getTime() + 1_000));
    await drain(() => new Date(later.getTime() + 1_000));
    expect((await deliveriesOf(s1.id)).map((d) => [d.status, d.errorCode])).toEqual([["sent", null]]);
    expect((await deliveriesOf(s2.id)).map((d) => [d.status, d.errorCode])).toEqual([["failed", "quota"]]);

    // The other members come due and every one of them is sent.
    await drain(() => new Date(t0.getTime() + 3_600_000));
    const all = await memberDeliveries(reminder.id);
    expect(all.map((d) => d.status)).toEqual(["sent", "sent", "sent", "sent", "sent"]);
    expect((await workspaceOf(user.id)).remindersUsedCurrentPeriod).toBe(6);
    expect(await occurrencesOf(reminder.id)).toEqual([
      expect.objectContaining({ unitsHeld: 5, unitsDrawn: 5 }),
    ]);
  });

  it("members the first channel cannot reach are not held: their fallback step has room", async () => {
    const user = await createSender({
      planType: "personal",
      remindersQuota: 3,
      remindersUsedCurrentPeriod: 0,
    });
    const due = new Date("2033-02-04T12:00:00Z");
    const reachable = await contactsOf(user.id, 2);
    const phoneOnly = await createContact(user.id, { email: null, phone: "+12125557001", timezone: "UTC" });
    const { reminder } = await createGroupReminder(
      user.id,
      [...reachable.map((c) => c.id), phoneOnly.id],
      due,
      { fallbackChannels: ["sms"], fallbackWaitMinutes: [0] },
    );
    await drain(() => due);
    const all = await memberDeliveries(reminder.id);
    expect(all.map((d) => [d.channel, d.status, d.errorCode]).sort()).toEqual([
      ["email", "failed", "no_email"],
      ["email", "sent", null],
      ["email", "sent", null],
      ["sms", "sent", null],
    ]);
    expect(await occurrencesOf(reminder.id)).toEqual([
      expect.objectContaining({ status: "covered", members: 2, unitsHeld: 2, unitsDrawn: 2 }),
    ]);
    expect((await workspaceOf(user.id)).remindersUsedCurrentPeriod).toBe(3);
  });
});
