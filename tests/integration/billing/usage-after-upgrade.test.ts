import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as usageRoute from "@/app/api/v1/usage/route";
import { workspaces } from "@/db/schema";
import { getDashboardData } from "@/lib/dashboard/get-dashboard-data";
import { getShellSummary } from "@/lib/dashboard/get-shell-summary";
import { db } from "@/lib/db";
import { completeDemoCheckout } from "@/lib/payments/complete-demo-checkout";
import { periodUsage } from "@/lib/plans/period-usage";
import { assertReminderQuota } from "@/lib/reminders/assert-reminder-quota";
import { checkoutSchema } from "@/lib/validations/checkout";
import { callV1, createKeyHolder } from "@/tests/support/api-keys";

// The rule: a period begins when a subscription starts (an upgrade from Free included) and at
// each renewal, with the plan's full quota. Billing, the dashboard, the sidebar, the API and the
// quota checks read the usage through one function, so they say the same thing after an upgrade.

async function reload(id: string) {
  const [row] = await db.select().from(workspaces).where(eq(workspaces.id, id));
  return row;
}

type Usage = {
  reminders: { used: number; quota: number; periodStart: string | null; periodEnd: string | null };
};

describe("usage after an upgrade", () => {
  it("a free workspace that used its 10 upgrades to Starter: every reading says 0 of 500 since the upgrade", async () => {
    const holder = await createKeyHolder("read", {
      planType: "free",
      subscriptionStatus: "active",
      remindersQuota: 10,
      remindersUsedCurrentPeriod: 10,
      billingPeriodStart: new Date("2026-12-01T08:00:00Z"),
      billingPeriodEnd: new Date("2027-01-01T08:00:00Z"),
    });
    const before = await callV1<Usage>(usageRoute.GET, "/usage", holder.key);
    expect(before.json.reminders).toEqual({
      used: 10,
      quota: 10,
      periodStart: "2026-12-01T08:00:00.000Z",
      periodEnd: "2027-01-01T08:00:00.000Z",
    });
    await expect(assertReminderQuota(await reload(holder.workspace.id))).rejects.toMatchObject({
      code: "reminder_limit",
    });

    const upgradedAt = new Date("2026-12-07T10:32:00Z");
    await completeDemoCheckout(
      holder.actor,
      checkoutSchema.parse({ planType: "starter", paymentFrequency: "monthly" }),
      upgradedAt,
    );
    const workspace = await reload(holder.workspace.id);
    const period = periodUsage(workspace);
    expect(period).toMatchObject({ used: 0, quota: 500, left: 500, start: upgradedAt });

    const dashboard = await getDashboardData(workspace, upgradedAt);
    expect(dashboard.sentThisMonth).toBe(period?.used);
    expect(dashboard.remaining).toBe(period?.left);
    expect(dashboard.usage.reminders).toMatchObject({ used: 0, quota: 500 });
    expect(await getShellSummary(workspace)).toMatchObject({
      remindersUsed: 0,
      remindersQuota: 500,
      periodStart: upgradedAt,
      periodEnd: period?.end,
    });
    const after = await callV1<Usage>(usageRoute.GET, "/usage", holder.key);
    expect(after.json.reminders).toEqual({
      used: 0,
      quota: 500,
      periodStart: upgradedAt.toISOString(),
      periodEnd: period?.end?.toISOString(),
    });
    await expect(assertReminderQuota(workspace)).resolves.toBeUndefined();
  });

  it("pay-as-you-go has credit and no period of reminders", async () => {
    const holder = await createKeyHolder("read", { planType: "payg", paygCreditBalance: 500 });
    expect(periodUsage(await reload(holder.workspace.id))).toBeNull();
    const usage = await callV1<Usage & { creditBalanceCents: number }>(usageRoute.GET, "/usage", holder.key);
    expect(usage.json.reminders).toMatchObject({ periodStart: null, periodEnd: null });
    expect(usage.json.creditBalanceCents).toBe(500);
  });
});
