import { describe, expect, it } from "vitest";
import { getDashboardData, trialDaysLeft, usageLevel } from "@/lib/dashboard/get-dashboard-data";
import { createContact, insertReminder } from "../../support/reminders";
import { createSignedInUser } from "../../support/users";

describe("usage thresholds (80 % warning, 100 % limit)", () => {
  it.each([
    [0, 10, "ok"],
    [7, 10, "ok"],
    [8, 10, "warning"],
    [9, 10, "warning"],
    [10, 10, "limit"],
    [12, 10, "limit"],
    [399, 500, "ok"],
    [400, 500, "warning"],
    [0, 0, "limit"],
  ] as const)("%i of %i is %s", (used, limit, level) => {
    expect(usageLevel(used, limit)).toBe(level);
  });

  it("counts trial days up, never below 0", () => {
    const now = new Date("2026-01-01T12:00:00Z");
    expect(trialDaysLeft(new Date("2026-01-08T12:00:00Z"), now)).toBe(7);
    expect(trialDaysLeft(new Date("2026-01-01T12:00:01Z"), now)).toBe(1);
    expect(trialDaysLeft(new Date("2025-12-01T00:00:00Z"), now)).toBe(0);
    expect(trialDaysLeft(null, now)).toBeNull();
  });
});

describe("getDashboardData", () => {
  it("gives the four stats, the first five recent reminders and the usage state", async () => {
    const { user, workspace } = await createSignedInUser({
      remindersQuota: 10,
      remindersUsedCurrentPeriod: 8,
    });
    const contact = await createContact(user.id);
    const soon = new Date(Date.now() + 3_600_000);
    for (let i = 0; i < 6; i += 1) {
      await insertReminder(user.id, contact.id, { nextRunAt: new Date(soon.getTime() + i * 60_000) });
    }
    await insertReminder(user.id, contact.id, { status: "sent", nextRunAt: null });
    const data = await getDashboardData(workspace);
    expect(data).toMatchObject({
      totalContacts: 1,
      activeReminders: 6,
      sentThisMonth: 8,
      remaining: 2,
      nextReminderAt: soon.toISOString(),
      // The tile names who the next reminder goes to, with when.
      nextReminderTo: contact.name,
    });
    expect(data.recent).toHaveLength(5);
    expect(data.usage.reminders).toEqual({ used: 8, quota: 10, level: "warning" });
    expect(data.usage.trialDaysLeft).toBeGreaterThanOrEqual(6);
  });

  it("pay-as-you-go: no quota, balance and 'Low Balance' under 500 cents", async () => {
    const { workspace } = await createSignedInUser({ planType: "payg", paygCreditBalance: 499 });
    const data = await getDashboardData(workspace);
    expect(data.remaining).toBeNull();
    expect(data.usage.reminders).toBeNull();
    expect(data.usage).toMatchObject({ creditBalanceCents: 499, lowBalance: true, trialDaysLeft: null });
    expect(data.nextReminderAt).toBeNull();
    expect(data.nextReminderTo).toBeNull();
    const rich = await createSignedInUser({ planType: "payg", paygCreditBalance: 500 });
    expect((await getDashboardData(rich.workspace)).usage.lowBalance).toBe(false);
  });
});
