import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST } from "@/app/api/create-checkout-session/route";
import { creditLedger, workspaceEvents, workspaces } from "@/db/schema";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { completeDemoCheckout } from "@/lib/payments/complete-demo-checkout";
import { checkoutSchema } from "@/lib/validations/checkout";
import { callRoute } from "../../support/call-route";
import { createSignedInUser } from "../../support/users";

async function reload(id: string) {
  const [row] = await db.select().from(workspaces).where(eq(workspaces.id, id));
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

  it("upgrades a free workspace to Starter quarterly through the webhook handlers", async () => {
    const { actor, workspace } = await createSignedInUser({
      planType: "free",
      subscriptionStatus: "expired",
      remindersQuota: 10,
      remindersUsedCurrentPeriod: 7,
    });
    const now = new Date("2026-05-01T10:00:00Z");
    await completeDemoCheckout(
      actor,
      checkoutSchema.parse({ planType: "starter", paymentFrequency: "quarterly" }),
      now,
    );
    expect(await reload(workspace.id)).toMatchObject({
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
    const { actor, workspace } = await createSignedInUser({
      planType: "free",
      stripeSubscriptionId: "sub_demo_earlier",
    });
    const now = new Date("2026-01-31T00:00:00Z");
    await completeDemoCheckout(
      actor,
      checkoutSchema.parse({ planType: "business", paymentFrequency: "biannual" }),
      now,
    );
    expect(await reload(workspace.id)).toMatchObject({
      planType: "business",
      subscriptionStatus: "active",
      remindersQuota: 15000,
      trialEndDate: null,
      billingPeriodEnd: new Date("2026-07-31T00:00:00Z"),
    });
  });

  it("buys the $20 package: 2,000 cents on the balance, pay-as-you-go, the buyer named in the trail", async () => {
    const { actor, user, workspace } = await createSignedInUser();
    await completeDemoCheckout(actor, checkoutSchema.parse({ planType: "payg", creditPackageIndex: 0 }));
    expect(await reload(workspace.id)).toMatchObject({ planType: "payg", paygCreditBalance: 2000 });
    const ledger = await db.select().from(creditLedger).where(eq(creditLedger.workspaceId, workspace.id));
    expect(ledger.map((row) => row.amountCents)).toEqual([2000]);
    const trail = await db
      .select()
      .from(workspaceEvents)
      .where(eq(workspaceEvents.workspaceId, workspace.id))
      .orderBy(workspaceEvents.id);
    expect(trail.map((row) => [row.kind, row.actorId, row.details])).toEqual([
      ["billing.credits_added", user.id, { cents: 2000, amountCents: 2000, reason: "purchase" }],
      ["billing.plan_changed", user.id, { from: "trial", to: "payg", frequency: null }],
    ]);
  });

  it("buys Starter with 2 extra members: 5 seats, and the trail names the owner who bought them", async () => {
    const { actor, user, workspace } = await createSignedInUser();
    const input = checkoutSchema.parse({ planType: "starter", paymentFrequency: "monthly", extraSeats: 2 });
    const { url } = await (
      await import("@/lib/payments/create-checkout-session")
    ).createCheckoutSession(actor, input);
    expect(url).toBe("http://localhost:3000/checkout/demo?plan=starter&frequency=monthly&seats=2");
    await completeDemoCheckout(actor, input, new Date("2026-03-01T00:00:00Z"));
    const row = await reload(workspace.id);
    expect(row).toMatchObject({ planType: "starter", extraSeats: 2 });
    const { seatLimit } = await import("@/lib/plans/seat-limit");
    expect(seatLimit(row)).toBe(5);
    const trail = await db
      .select()
      .from(workspaceEvents)
      .where(eq(workspaceEvents.workspaceId, workspace.id))
      .orderBy(workspaceEvents.id);
    expect(trail.map((line) => [line.kind, line.actorId, line.details])).toEqual([
      ["billing.checkout_started", user.id, { plan: "starter", frequency: "monthly", extraSeats: 2 }],
      ["billing.plan_changed", user.id, { from: "trial", to: "starter", frequency: "monthly" }],
      ["billing.seats_changed", user.id, { from: 0, to: 2 }],
    ]);
  });

  it("adds seats to the running demo subscription through the subscription event", async () => {
    const { actor, workspace } = await createSignedInUser();
    await completeDemoCheckout(actor, checkoutSchema.parse({ planType: "professional", extraSeats: 1 }));
    const { addSeats } = await import("@/lib/payments/add-seats");
    const owner = { ...actor, workspace: await reload(workspace.id) };
    await expect(addSeats(owner, { seats: 3 }, new Date(Date.now() + 2000))).resolves.toEqual({
      extraSeats: 4,
    });
    expect(await reload(workspace.id)).toMatchObject({ planType: "professional", extraSeats: 4 });
  });

  it("refuses seats on a plan without them, or without a subscription", async () => {
    const { addSeats } = await import("@/lib/payments/add-seats");
    const { actor: trial } = await createSignedInUser();
    await expect(addSeats(trial, { seats: 1 })).rejects.toMatchObject({ code: "no_subscription" });
    const { actor: personal } = await createSignedInUser({
      planType: "personal",
      subscriptionStatus: "active",
      stripeSubscriptionId: "sub_demo_personal",
    });
    await expect(addSeats(personal, { seats: 1 })).rejects.toMatchObject({ code: "seats_not_in_plan" });
  });
});

describe("auto-recharge in demo mode", () => {
  it("adds the chosen package once per dip, through the payment_intent.succeeded handler", async () => {
    const { triggerAutoRecharge } = await import("@/lib/payments/trigger-auto-recharge");
    const { workspace } = await createSignedInUser({
      planType: "payg",
      paygCreditBalance: 100,
      autoRechargeEnabled: true,
      autoRechargePackageIndex: 1,
      autoRechargeThresholdCents: 500,
    });
    const outcomes = await Promise.all([1, 2, 3].map(() => triggerAutoRecharge(workspace.id)));
    // A caller that reads after the recharge landed finds nothing to do.
    expect(outcomes).toContain("charged");
    expect(outcomes.every((o) => o === "charged" || o === "not_needed")).toBe(true);
    expect((await reload(workspace.id)).paygCreditBalance).toBe(5350);
    const ledger = await db.select().from(creditLedger).where(eq(creditLedger.workspaceId, workspace.id));
    expect(ledger.map((row) => [row.reason, row.amountCents])).toEqual([["auto_recharge", 5250]]);
  });
});
