import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { creditLedger, workspaces } from "@/db/schema";
import { applyCreditChange } from "@/lib/credits/apply-credit-change";
import { db } from "@/lib/db";
import { getDashboardData } from "@/lib/dashboard/get-dashboard-data";
import { createSignedInUser } from "../../support/users";

const periodStart = new Date(Date.now() - 5 * 86_400_000);

async function reload(id: string) {
  const [row] = await db.select().from(workspaces).where(eq(workspaces.id, id));
  return row;
}

it("a subscriber's usage counts this period's sends past the quota paid with credits, less the ones given back", async () => {
  const { user } = await createSignedInUser({
    planType: "starter",
    subscriptionStatus: "active",
    remindersQuota: 10,
    remindersUsedCurrentPeriod: 10,
    billingPeriodStart: periodStart,
  });
  const change = (cents: number, reason: "purchase" | "delivery" | "refund", idempotencyKey: string) =>
    applyCreditChange(db, { workspaceId: user.id, cents, reason, idempotencyKey });
  await change(2000, "purchase", `test:${user.id}:purchase`);
  // Before this period: not counted.
  await change(-1, "delivery", `delivery:9000:1`);
  await db
    .update(creditLedger)
    .set({ createdAt: new Date(periodStart.getTime() - 86_400_000) })
    .where(eq(creditLedger.idempotencyKey, "delivery:9000:1"));
  for (const id of [9001, 9002, 9003]) await change(-1, "delivery", `delivery:${id}:1`);
  // One of them failed for good: its cent came back.
  await change(1, "refund", "refund:delivery:9003:1");

  const data = await getDashboardData(await reload(user.id));
  expect(data.usage.reminders).toMatchObject({ used: 10, quota: 10, level: "limit" });
  expect(data.usage.pastQuota).toEqual({ sent: 2, creditBalanceCents: 1997 });
});

it("a subscriber without credits, and a pay-as-you-go user, have no past-quota line", async () => {
  const { workspace } = await createSignedInUser({
    planType: "starter",
    subscriptionStatus: "active",
    billingPeriodStart: periodStart,
  });
  expect((await getDashboardData(workspace)).usage.pastQuota).toBeNull();
  const payg = await createSignedInUser({
    planType: "payg",
    subscriptionStatus: "active",
    paygCreditBalance: 500,
  });
  expect((await getDashboardData(payg.workspace)).usage.pastQuota).toBeNull();
});
