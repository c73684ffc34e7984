import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contacts, workspaces } from "@/db/schema";
import { rollBillingPeriods } from "@/lib/billing/roll-billing-periods";
import { db } from "@/lib/db";
import { createSignedInUser } from "../../support/users";

async function reload(id: string) {
  const [row] = await db.select().from(workspaces).where(eq(workspaces.id, id));
  return row;
}

const now = new Date("2026-06-15T09:00:00Z");
const before = new Date("2026-06-15T08:59:59Z");
const after = new Date("2026-06-15T09:00:01Z");

describe("rollBillingPeriods (injected clock)", () => {
  it("ends trials, renews free months and ends cancelled subscriptions, each exactly once across workers", async () => {
    const { workspace: trialOver } = await createSignedInUser({
      trialEndDate: before,
      remindersUsedCurrentPeriod: 40,
    });
    const { workspace: trialOn } = await createSignedInUser({ trialEndDate: after });
    const { workspace: freeDue } = await createSignedInUser({
      planType: "free",
      subscriptionStatus: "expired",
      remindersQuota: 10,
      remindersUsedCurrentPeriod: 10,
      billingPeriodEnd: before,
    });
    const { workspace: freeNotDue } = await createSignedInUser({
      planType: "free",
      remindersUsedCurrentPeriod: 7,
      billingPeriodEnd: after,
    });
    const { workspace: cancelledDue } = await createSignedInUser({
      planType: "starter",
      subscriptionStatus: "cancelled",
      remindersQuota: 500,
      extraSeats: 2,
      billingPeriodEnd: before,
    });
    const { workspace: activeDue } = await createSignedInUser({
      planType: "starter",
      subscriptionStatus: "active",
      remindersQuota: 500,
      remindersUsedCurrentPeriod: 3,
      billingPeriodEnd: before,
    });
    await db.insert(contacts).values(
      Array.from({ length: 12 }, (_, i) => ({
        workspaceId: trialOver.id,
        name: `C${i}`,
        email: `c${i}@example.com`,
      })),
    );

    // Three workers fire the same cron tick together.
    const reports = await Promise.all([1, 2, 3].map(() => rollBillingPeriods(db, now)));
    const total = (key: keyof (typeof reports)[number]) => reports.reduce((sum, r) => sum + r[key], 0);
    expect(total("trialsEnded")).toBe(1);
    expect(total("cancellationsEnded")).toBe(1);
    // The free user whose month ended, once; users just moved to free start a fresh month instead.
    expect(total("freePeriodsRenewed")).toBe(1);

    const nextMonth = new Date("2026-07-15T09:00:00Z");
    expect(await reload(trialOver.id)).toMatchObject({
      planType: "free",
      remindersQuota: 10,
      remindersUsedCurrentPeriod: 0,
      billingPeriodStart: now,
      billingPeriodEnd: nextMonth,
    });
    // Nothing is deleted by the downgrade.
    expect(await db.select().from(contacts).where(eq(contacts.workspaceId, trialOver.id))).toHaveLength(12);
    expect(await reload(trialOn.id)).toMatchObject({ planType: "trial", remindersQuota: 50 });
    expect(await reload(freeDue.id)).toMatchObject({
      remindersUsedCurrentPeriod: 0,
      billingPeriodStart: now,
      billingPeriodEnd: nextMonth,
    });
    expect(await reload(freeNotDue.id)).toMatchObject({
      remindersUsedCurrentPeriod: 7,
      billingPeriodEnd: after,
    });
    // The members bought end with the subscription: the free plan is one person's.
    expect(await reload(cancelledDue.id)).toMatchObject({
      planType: "free",
      remindersQuota: 10,
      extraSeats: 0,
    });
    // A paid, renewing subscription's period is Stripe's to roll (invoice.paid), not the job's.
    expect(await reload(activeDue.id)).toMatchObject({ planType: "starter", remindersUsedCurrentPeriod: 3 });

    // The next tick finds nothing to do.
    expect(await rollBillingPeriods(db, now)).toEqual({
      trialsEnded: 0,
      freePeriodsRenewed: 0,
      cancellationsEnded: 0,
    });
  });
});
