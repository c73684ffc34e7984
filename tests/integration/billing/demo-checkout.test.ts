import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST } from "@/app/api/create-checkout-session/route";
import { creditLedger, users } from "@/db/schema";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { completeDemoCheckout } from "@/lib/payments/complete-demo-checkout";
import { checkoutSchema } from "@/lib/validations/checkout";
import { callRoute } from "../../support/call-route";
import { createSignedInUser } from "../../support/users";

async function reload(id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

describe("demo checkout (no Stripe key, not production)", () => {
  it("answers the checkout request with the in-app demo page", async () => {
    expect(env.STRIPE_SECRET_KEY).toBeUndefined();
    const { cookie } = await createSignedInUser();
    const res = await callRoute<{ url: string }>(POST, "/api/create-checkout-session", {
      method: "POST",
      cookie,
      body: { planType: "starter", paymentFrequency: "quarterly" },
    });
    expect(res.status).toBe(200);
    expect(res.json.url).toBe("http://localhost:3000/checkout/demo?plan=starter&frequency=quarterly");
  });

  it("upgrades a free user to Starter quarterly through the webhook handlers", async () => {
    const { user } = await createSignedInUser({
      planType: "free",
      subscriptionStatus: "expired",
      remindersQuota: 10,
      remindersUsedCurrentPeriod: 7,
    });
    const now = new Date("2026-05-01T10:00:00Z");
    await completeDemoCheckout(
      user,
      checkoutSchema.parse({ planType: "starter", paymentFrequency: "quarterly" }),
      now,
    );
    expect(await reload(user.id)).toMatchObject({
      planType: "starter",
      paymentFrequency: "quarterly",
      subscriptionStatus: "trial",
      remindersQuota: 500,
      remindersUsedCurrentPeriod: 0,
      trialEndDate: new Date("2026-05-08T10:00:00Z"),
      billingPeriodStart: now,
    });
  });

  it("charges a returning subscriber from day one for the whole period", async () => {
    const { user } = await createSignedInUser({ planType: "free", stripeSubscriptionId: "sub_demo_earlier" });
    const now = new Date("2026-01-31T00:00:00Z");
    await completeDemoCheckout(
      user,
      checkoutSchema.parse({ planType: "business", paymentFrequency: "biannual" }),
      now,
    );
    expect(await reload(user.id)).toMatchObject({
      planType: "business",
      subscriptionStatus: "active",
      remindersQuota: 15000,
      trialEndDate: null,
      billingPeriodEnd: new Date("2026-07-31T00:00:00Z"),
    });
  });

  it("buys the $20 package: 2,000 cents on the balance, pay-as-you-go", async () => {
    const { user } = await createSignedInUser();
    await completeDemoCheckout(user, checkoutSchema.parse({ planType: "payg", creditPackageIndex: 0 }));
    expect(await reload(user.id)).toMatchObject({ planType: "payg", paygCreditBalance: 2000 });
    const ledger = await db.select().from(creditLedger).where(eq(creditLedger.userId, user.id));
    expect(ledger.map((row) => row.amountCents)).toEqual([2000]);
  });
});

describe("auto-recharge in demo mode", () => {
  it("adds the chosen package once per dip, through the payment_intent.succeeded handler", async () => {
    const { triggerAutoRecharge } = await import("@/lib/payments/trigger-auto-recharge");
    const { user } = await createSignedInUser({
      planType: "payg",
      paygCreditBalance: 100,
      autoRechargeEnabled: true,
      autoRechargePackageIndex: 1,
      autoRechargeThresholdCents: 500,
    });
    const outcomes = await Promise.all([1, 2, 3].map(() => triggerAutoRecharge(user.id)));
    // A caller that reads after the recharge landed finds nothing to do.
    expect(outcomes).toContain("charged");
    expect(outcomes.every((o) => o === "charged" || o === "not_needed")).toBe(true);
    expect((await reload(user.id)).paygCreditBalance).toBe(5350);
    const ledger = await db.select().from(creditLedger).where(eq(creditLedger.userId, user.id));
    expect(ledger.map((row) => [row.reason, row.amountCents])).toEqual([["auto_recharge", 5250]]);
  });
});
