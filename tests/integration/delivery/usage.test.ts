import { describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { creditLedger, deliveries, reminders, workspaces } from "@/db/schema";
import { db } from "@/lib/db";
import { runBatch } from "@/lib/delivery/run-batch";
import { sendReminderNow } from "@/lib/delivery/send-reminder-now";
import { assertReminderQuota } from "@/lib/reminders/assert-reminder-quota";
import { loopbackPeers } from "@/tests/support/peers";
import {
  createContact,
  createReminder,
  createSender,
  reloadWorkspace,
} from "@/tests/support/delivery-fixtures";
import { smsWithPreferences } from "@/tests/support/preferences-line";

const peers = loopbackPeers();

async function dueReminders(userId: string, count: number, due: Date) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const contact = await createContact(userId);
    ids.push((await createReminder(userId, contact.id, due)).id);
  }
  return ids;
}

async function raceWorkers(clock: () => Date) {
  await Promise.all(
    ["a", "b", "c"].map(async (w) => {
      for (;;) if ((await runBatch({ workerId: w, clock, limit: 2 })).leased === 0) return;
    }),
  );
}

describe("usage and credit", () => {
  it("stops at the period quota, exactly, with concurrent workers", async () => {
    const user = await createSender({ planType: "free", remindersQuota: 10, remindersUsedCurrentPeriod: 7 });
    const due = new Date("2033-01-01T10:00:00Z");
    const ids = await dueReminders(user.id, 6, due);
    await raceWorkers(() => due);

    const rows = await db.select().from(deliveries).where(inArray(deliveries.reminderId, ids));
    expect(rows.filter((r) => r.status === "sent")).toHaveLength(3);
    const refused = rows.filter((r) => r.status === "failed");
    expect(refused).toHaveLength(3);
    expect(refused[0].error).toBe("Reminder limit reached for this billing period (10 of 10 used)");
    expect((await reloadWorkspace(user.id)).remindersUsedCurrentPeriod).toBe(10);
    const failedReminders = await db
      .select()
      .from(reminders)
      .where(
        inArray(
          reminders.id,
          refused.map((r) => r.reminderId),
        ),
      );
    expect(
      failedReminders.every((r) => r.status === "failed" && r.lastError?.startsWith("Reminder limit")),
    ).toBe(true);
  });

  it("debits one cent per pay-as-you-go delivery through the ledger, and refuses without credit", async () => {
    const user = await createSender({ planType: "payg", paygCreditBalance: 4, remindersQuota: 0 });
    const due = new Date("2033-01-02T10:00:00Z");
    const ids = await dueReminders(user.id, 6, due);
    await raceWorkers(() => due);

    const rows = await db.select().from(deliveries).where(inArray(deliveries.reminderId, ids));
    expect(rows.filter((r) => r.status === "sent")).toHaveLength(4);
    const refused = rows.filter((r) => r.status === "failed");
    expect(refused.map((r) => r.error)).toEqual([
      "Not enough pay-as-you-go credit (1 cent per reminder)",
      "Not enough pay-as-you-go credit (1 cent per reminder)",
    ]);
    const after = await reloadWorkspace(user.id);
    expect(after.paygCreditBalance).toBe(0);
    expect(after.remindersUsedCurrentPeriod).toBe(0);
    const ledger = await db.select().from(creditLedger).where(eq(creditLedger.workspaceId, user.id));
    expect(ledger).toHaveLength(4);
    expect(ledger.every((l) => l.reason === "delivery" && l.amountCents === -1)).toBe(true);
  });

  it("refunds the cent of a pay-as-you-go delivery that fails for good", async () => {
    const user = await createSender({ planType: "payg", paygCreditBalance: 50 });
    const contact = await createContact(user.id, { email: "nobody@example.org" });
    const due = new Date("2033-01-03T10:00:00Z");
    const reminder = await createReminder(user.id, contact.id, due);
    peers.smtp.setMode({ kind: "reject", code: 550, message: "No such user" });
    await runBatch({ workerId: "w", clock: () => due });
    peers.smtp.setMode({ kind: "accept" });
    const [row] = await db.select().from(deliveries).where(eq(deliveries.reminderId, reminder.id));
    expect(row.status).toBe("failed");
    expect((await reloadWorkspace(user.id)).paygCreditBalance).toBe(50);
    const ledger = await db.select().from(creditLedger).where(eq(creditLedger.workspaceId, user.id));
    expect(ledger.map((l) => [l.reason, l.amountCents]).sort()).toEqual([
      ["delivery", -1],
      ["refund", 1],
    ]);
  });
});

describe("credits on a subscription plan", () => {
  it("carry sends past the quota through the ledger, used unchanged, then refuse with quota", async () => {
    const user = await createSender({
      planType: "starter",
      subscriptionStatus: "active",
      remindersQuota: 500,
      remindersUsedCurrentPeriod: 500,
      paygCreditBalance: 3,
    });
    const due = new Date("2033-01-04T10:00:00Z");
    const ids = await dueReminders(user.id, 4, due);
    await raceWorkers(() => due);

    const rows = await db.select().from(deliveries).where(inArray(deliveries.reminderId, ids));
    const sent = rows.filter((r) => r.status === "sent");
    expect(sent).toHaveLength(3);
    const refused = rows.filter((r) => r.status === "failed");
    expect(refused.map((r) => [r.errorCode, r.error])).toEqual([
      ["quota", "Reminder limit reached for this billing period (500 of 500 used)"],
    ]);
    const after = await reloadWorkspace(user.id);
    expect(after.paygCreditBalance).toBe(0);
    expect(after.remindersUsedCurrentPeriod).toBe(500);
    const ledger = await db.select().from(creditLedger).where(eq(creditLedger.workspaceId, user.id));
    expect(
      ledger.map((l) => [l.reason, l.amountCents, l.idempotencyKey.split(":").slice(0, 2).join(":")]).sort(),
    ).toEqual(sent.map((r) => ["delivery", -1, `delivery:${r.id}`]).sort());
  });

  it("uses the quota first while it lasts, credit only beyond it", async () => {
    const user = await createSender({
      planType: "personal",
      subscriptionStatus: "active",
      remindersQuota: 250,
      remindersUsedCurrentPeriod: 249,
      paygCreditBalance: 10,
    });
    const due = new Date("2033-01-05T10:00:00Z");
    const ids = await dueReminders(user.id, 3, due);
    await raceWorkers(() => due);

    const rows = await db.select().from(deliveries).where(inArray(deliveries.reminderId, ids));
    expect(rows.filter((r) => r.status === "sent")).toHaveLength(3);
    const after = await reloadWorkspace(user.id);
    expect(after.remindersUsedCurrentPeriod).toBe(250);
    expect(after.paygCreditBalance).toBe(8);
  });

  it("refunds the cent, not the quota, when a credit-carried send fails for good", async () => {
    const user = await createSender({
      planType: "starter",
      subscriptionStatus: "active",
      remindersQuota: 500,
      remindersUsedCurrentPeriod: 500,
      paygCreditBalance: 3,
    });
    const contact = await createContact(user.id, { email: "nobody@example.org" });
    const due = new Date("2033-01-06T10:00:00Z");
    const reminder = await createReminder(user.id, contact.id, due);
    peers.smtp.setMode({ kind: "reject", code: 550, message: "No such user" });
    await runBatch({ workerId: "w", clock: () => due });
    peers.smtp.setMode({ kind: "accept" });
    const [row] = await db.select().from(deliveries).where(eq(deliveries.reminderId, reminder.id));
    expect(row.status).toBe("failed");
    const after = await reloadWorkspace(user.id);
    expect(after.paygCreditBalance).toBe(3);
    expect(after.remindersUsedCurrentPeriod).toBe(500);
    const ledger = await db.select().from(creditLedger).where(eq(creditLedger.workspaceId, user.id));
    expect(ledger.map((l) => [l.reason, l.amountCents, l.idempotencyKey]).sort()).toEqual(
      [
        ["delivery", -1, expect.stringMatching(new RegExp(`^delivery:${row.id}:`))],
        ["refund", 1, expect.stringMatching(new RegExp(`^refund:delivery:${row.id}:`))],
      ].sort(),
    );
  });

  it("gives back what the failing reservation took: quota after a released credit reservation", async () => {
    const user = await createSender({
      planType: "starter",
      subscriptionStatus: "active",
      remindersQuota: 500,
      remindersUsedCurrentPeriod: 500,
      paygCreditBalance: 1,
    });
    const contact = await createContact(user.id, { email: "nobody-later@example.org" });
    const due = new Date("2033-01-08T10:00:00Z");
    await createReminder(user.id, contact.id, due);
    // A shutdown: leased and charged to credit, then handed back unsent (the cent comes back).
    const stopped = await runBatch({ workerId: "w", clock: () => due, shouldStop: () => true });
    expect(stopped.released).toBe(1);
    expect((await reloadWorkspace(user.id)).paygCreditBalance).toBe(1);
    // A new period before the next lease: this time the send holds quota, and then fails for good.
    await db.update(workspaces).set({ remindersUsedCurrentPeriod: 0 }).where(eq(workspaces.id, user.id));
    peers.smtp.setMode({ kind: "reject", code: 550, message: "No such user" });
    await runBatch({ workerId: "w", clock: () => due });
    peers.smtp.setMode({ kind: "accept" });
    const after = await reloadWorkspace(user.id);
    expect(after.remindersUsedCurrentPeriod).toBe(0);
    expect(after.paygCreditBalance).toBe(1);
    const ledger = await db.select().from(creditLedger).where(eq(creditLedger.workspaceId, user.id));
    expect(ledger.map((l) => [l.reason, l.amountCents]).sort()).toEqual([
      ["delivery", -1],
      ["refund", 1],
    ]);
  });

  it("a send waiting to retry holds its reserved send and is not counted again as scheduled", async () => {
    const user = await createSender({ planType: "free", remindersQuota: 3, remindersUsedCurrentPeriod: 0 });
    const due = new Date("2033-01-09T10:00:00Z");
    const ids = await dueReminders(user.id, 2, due);
    peers.smtp.setMode({ kind: "reject", code: 451, message: "Try again later" });
    await runBatch({ workerId: "w", clock: () => due });
    peers.smtp.setMode({ kind: "accept" });
    const rows = await db.select().from(deliveries).where(inArray(deliveries.reminderId, ids));
    expect(rows.map((r) => [r.status, r.attemptCount])).toEqual([
      ["queued", 1],
      ["queued", 1],
    ]);
    const waiting = await reloadWorkspace(user.id);
    expect(waiting.remindersUsedCurrentPeriod).toBe(2);
    // 2 reserved of 3: a third reminder still fits, a fourth does not.
    await expect(assertReminderQuota(waiting)).resolves.toBeUndefined();
    await createReminder(user.id, (await createContact(user.id)).id, new Date("2033-02-01T10:00:00Z"));
    await expect(assertReminderQuota(waiting)).rejects.toMatchObject({ kind: "forbidden" });
  });

  it("sends nothing on an unpaid subscription, credits or not", async () => {
    const user = await createSender({
      planType: "starter",
      subscriptionStatus: "expired",
      remindersQuota: 500,
      remindersUsedCurrentPeriod: 500,
      paygCreditBalance: 3,
    });
    const due = new Date("2033-01-07T10:00:00Z");
    const ids = await dueReminders(user.id, 1, due);
    await raceWorkers(() => due);
    const rows = await db.select().from(deliveries).where(inArray(deliveries.reminderId, ids));
    expect(rows.map((r) => [r.status, r.errorCode])).toEqual([["failed", "subscription_unpaid"]]);
    const after = await reloadWorkspace(user.id);
    expect(after.paygCreditBalance).toBe(3);
    expect(await db.select().from(creditLedger).where(eq(creditLedger.workspaceId, user.id))).toEqual([]);
  });
});

describe("send now", () => {
  it("sends an SMS reminder immediately through the same pipeline; another user's is a 404", async () => {
    const user = await createSender({ timezone: "UTC" });
    // A recipient zone where it is daytime now, whatever the hour of this run.
    const hour = new Date().getUTCHours();
    const zone = hour >= 8 && hour < 20 ? "UTC" : hour < 8 ? "Asia/Tokyo" : "America/Los_Angeles";
    const contact = await createContact(user.id, { phone: "+12125550301", timezone: zone });
    const reminder = await createReminder(user.id, contact.id, new Date(Date.now() + 86_400_000), {
      deliveryMethod: "sms",
      message: "Now please",
    });
    const stranger = await createSender();
    await expect(
      sendReminderNow({ workspaceId: stranger.id, reminderId: reminder.id }),
    ).rejects.toMatchObject({
      kind: "not_found",
    });
    expect(peers.twilio.messages.some((m) => m.to === "+12125550301")).toBe(false);

    expect(await sendReminderNow({ workspaceId: user.id, reminderId: reminder.id })).toEqual({
      success: true,
    });
    const [sent] = await db.select().from(deliveries).where(eq(deliveries.reminderId, reminder.id));
    expect(peers.twilio.messages.filter((m) => m.to === "+12125550301").map((m) => m.body)).toEqual([
      smsWithPreferences("Remindful, from Ana Pérez: Now please\nReply STOP to opt out.", "en", sent.id),
    ]);
    const [row] = await db.select().from(reminders).where(eq(reminders.id, reminder.id));
    expect(row.status).toBe("sent");
    // Already sent: a second Send now answers for that occurrence and sends nothing more, and
    // the engine will not send it again.
    expect(await sendReminderNow({ workspaceId: user.id, reminderId: reminder.id })).toEqual({
      success: true,
    });
    await runBatch({ workerId: "w", clock: () => new Date(Date.now() + 2 * 86_400_000) });
    expect(peers.twilio.messages.filter((m) => m.to === "+12125550301")).toHaveLength(1);
  });

  it("answers the provider's error when the send fails", async () => {
    const user = await createSender();
    const contact = await createContact(user.id, {
      phone: "+12125550302",
      whatsappConsentAt: new Date("2030-01-01T00:00:00Z"),
      whatsappConsentSource: "written_form",
    });
    const reminder = await createReminder(user.id, contact.id, new Date(Date.now() + 86_400_000), {
      deliveryMethod: "whatsapp",
    });
    peers.twilio.setMode({ kind: "error", status: 400, code: 63016, message: "Outside the allowed window" });
    const result = await sendReminderNow({ workspaceId: user.id, reminderId: reminder.id });
    peers.twilio.setMode({ kind: "accept" });
    expect(result).toEqual({ success: false, error: "Outside the allowed window" });
  });
});
