import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { creditLedger, workspaces } from "@/db/schema";
import { applyCreditChange } from "@/lib/credits/apply-credit-change";
import { db } from "@/lib/db";
import { getStripe } from "@/lib/payments/stripe-client";
import { triggerAutoRecharge } from "@/lib/payments/trigger-auto-recharge";
import { deliverEvent, stripeEvent } from "../../support/stripe-events";
import { startStripeServer, type StripeServer } from "../../support/stripe-server";
import { createSignedInUser, type SignedInOverrides } from "../../support/users";

let stripe: StripeServer;
beforeAll(async () => {
  stripe = await startStripeServer();
});
afterAll(() => stripe.stop());
beforeEach(() => {
  stripe.requests.length = 0;
});

async function reload(id: string) {
  const [row] = await db.select().from(workspaces).where(eq(workspaces.id, id));
  return row;
}

async function paygUser(balance: number, overrides: SignedInOverrides = {}) {
  const customer = await getStripe().customers.create({ email: "payg@example.com" });
  const { user, workspace } = await createSignedInUser({
    planType: "payg",
    subscriptionStatus: "active",
    paygCreditBalance: balance,
    stripeCustomerId: customer.id,
    autoRechargeEnabled: true,
    autoRechargePackageIndex: 0,
    autoRechargeThresholdCents: 500,
    ...overrides,
  });
  return { user, workspace, customer: customer.id };
}

const debit = (workspaceId: string, cents: number) =>
  applyCreditChange(db, {
    workspaceId,
    cents: -cents,
    reason: "delivery",
    idempotencyKey: `delivery:${randomBytes(6).toString("hex")}`,
  });

describe("credit ledger", () => {
  it("refuses a debit below zero and writes no ledger row", async () => {
    const { workspace } = await paygUser(50, { autoRechargeEnabled: false });
    await expect(debit(workspace.id, 51)).rejects.toThrow();
    expect((await reload(workspace.id)).paygCreditBalance).toBe(50);
    expect(await db.select().from(creditLedger).where(eq(creditLedger.workspaceId, workspace.id))).toEqual(
      [],
    );
  });

  it("applies an idempotency key once, also concurrently", async () => {
    const { user, workspace } = await paygUser(1000, { autoRechargeEnabled: false });
    const change = {
      workspaceId: workspace.id,
      cents: -10,
      reason: "delivery" as const,
      idempotencyKey: `delivery:${user.id}`,
    };
    const results = await Promise.all([1, 2, 3].map(() => applyCreditChange(db, change)));
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    expect((await reload(workspace.id)).paygCreditBalance).toBe(990);
  });
});

describe("auto-recharge", () => {
  it("charges the saved card once when concurrent debits take the balance under the threshold", async () => {
    const { workspace, customer } = await paygUser(700);
    await Promise.all([debit(workspace.id, 100), debit(workspace.id, 100), debit(workspace.id, 100)]);
    expect((await reload(workspace.id)).paygCreditBalance).toBe(400);
    const outcomes = await Promise.all([1, 2, 3, 4].map(() => triggerAutoRecharge(workspace.id)));
    expect(outcomes).toEqual(["charged", "charged", "charged", "charged"]);

    expect(stripe.paymentIntents.size).toBe(1);
    const [intent] = [...stripe.paymentIntents.values()];
    const [request] = stripe.requestsTo("POST", "/v1/payment_intents");
    expect(request.params).toMatchObject({
      amount: "2000",
      currency: "usd",
      customer,
      payment_method: "pm_card_visa",
      off_session: "true",
      confirm: "true",
      metadata: { workspaceId: workspace.id, kind: "auto_recharge", creditPackageIndex: "0" },
    });

    // The credits arrive with Stripe's event, once.
    await deliverEvent(stripeEvent("payment_intent.succeeded", intent));
    expect((await reload(workspace.id)).paygCreditBalance).toBe(2400);
    expect(await triggerAutoRecharge(workspace.id)).toBe("not_needed");
    expect(stripe.paymentIntents.size).toBe(1);

    // The next dip under the threshold is a new recharge.
    await debit(workspace.id, 2000);
    expect(await triggerAutoRecharge(workspace.id)).toBe("charged");
    expect(stripe.paymentIntents.size).toBe(2);
  });

  it("turns itself off and says why when the card is declined", async () => {
    const { workspace, customer } = await paygUser(100);
    stripe.decliningCustomers.add(customer);
    expect(await triggerAutoRecharge(workspace.id)).toBe("declined");
    expect(await reload(workspace.id)).toMatchObject({
      autoRechargeEnabled: false,
      autoRechargeError: "Your card was declined.",
      paygCreditBalance: 100,
    });
    expect(await triggerAutoRecharge(workspace.id)).toBe("not_needed");
  });

  it("does nothing when off or above the threshold", async () => {
    const { workspace: off } = await paygUser(0, { autoRechargeEnabled: false });
    const { workspace: above } = await paygUser(500);
    expect(await triggerAutoRecharge(off.id)).toBe("not_needed");
    expect(await triggerAutoRecharge(above.id)).toBe("not_needed");
    expect(stripe.requestsTo("POST", "/v1/payment_intents")).toHaveLength(0);
  });
});
