import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { creditLedger, users } from "@/db/schema";
import { db } from "@/lib/db";
import { deliverEvent, invoiceObject, stripeEvent, subscriptionObject } from "../../support/stripe-events";
import { startStripeServer, type StripeServer } from "../../support/stripe-server";
import { createSignedInUser } from "../../support/users";

let stripe: StripeServer;
beforeAll(async () => {
  stripe = await startStripeServer();
});
afterAll(() => stripe.stop());

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);

async function reload(id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

async function customerUser(overrides: Partial<typeof users.$inferInsert> = {}) {
  const customer = `cus_${randomBytes(6).toString("hex")}`;
  const { user } = await createSignedInUser({ stripeCustomerId: customer, ...overrides });
  return { user, customer };
}

describe("subscription events", () => {
  it("created in trial: plan, period, trial end and quota follow the subscription", async () => {
    const { user, customer } = await customerUser();
    const start = now();
    const sub = subscriptionObject({
      customer,
      userId: user.id,
      status: "trialing",
      lookupKey: "remindful_starter_quarterly",
      periodStart: start,
      periodEnd: start + 7 * DAY,
      trialEnd: start + 7 * DAY,
    });
    await deliverEvent(stripeEvent("customer.subscription.created", sub));
    expect(await reload(user.id)).toMatchObject({
      planType: "starter",
      paymentFrequency: "quarterly",
      subscriptionStatus: "trial",
      remindersQuota: 500,
      stripeSubscriptionId: sub.id,
      trialEndDate: new Date((start + 7 * DAY) * 1000),
      nextBillingDate: new Date((start + 7 * DAY) * 1000),
    });
  });

  it("updated: active, then cancelled at period end (no next billing date), then a plan switch", async () => {
    const { user, customer } = await customerUser();
    const start = now();
    const base = {
      customer,
      status: "active",
      periodStart: start,
      periodEnd: start + 30 * DAY,
      id: "sub_upd",
    };
    await deliverEvent(
      stripeEvent(
        "customer.subscription.updated",
        subscriptionObject({ ...base, lookupKey: "remindful_business_annual" }),
      ),
    );
    expect(await reload(user.id)).toMatchObject({
      planType: "business",
      paymentFrequency: "annual",
      subscriptionStatus: "active",
      remindersQuota: 15000,
    });
    await deliverEvent(
      stripeEvent(
        "customer.subscription.updated",
        subscriptionObject({ ...base, lookupKey: "remindful_business_annual", cancelAtPeriodEnd: true }),
      ),
    );
    expect(await reload(user.id)).toMatchObject({ subscriptionStatus: "cancelled", nextBillingDate: null });
    await deliverEvent(
      stripeEvent(
        "customer.subscription.updated",
        subscriptionObject({ ...base, lookupKey: "remindful_personal_monthly" }),
      ),
    );
    expect(await reload(user.id)).toMatchObject({
      planType: "personal",
      paymentFrequency: "monthly",
      subscriptionStatus: "active",
      remindersQuota: 250,
    });
  });

  it("an event about another, older subscription does not undo the current one", async () => {
    const { user, customer } = await customerUser({
      stripeSubscriptionId: "sub_current",
      planType: "starter",
    });
    await deliverEvent(
      stripeEvent("customer.subscription.deleted", {
        ...subscriptionObject({
          customer,
          status: "canceled",
          lookupKey: "remindful_starter_monthly",
          periodStart: now(),
          periodEnd: now(),
          id: "sub_old",
        }),
      }),
    );
    expect(await reload(user.id)).toMatchObject({ planType: "starter", stripeSubscriptionId: "sub_current" });
  });

  it("deleted: back to free limits with a fresh monthly period, nothing else removed", async () => {
    const { user, customer } = await customerUser({
      planType: "professional",
      subscriptionStatus: "cancelled",
      remindersQuota: 5000,
      remindersUsedCurrentPeriod: 4000,
      stripeSubscriptionId: "sub_del",
      paymentFrequency: "monthly",
    });
    const sub = subscriptionObject({
      customer,
      status: "canceled",
      lookupKey: "remindful_professional_monthly",
      periodStart: now() - 30 * DAY,
      periodEnd: now(),
      id: "sub_del",
    });
    await deliverEvent(stripeEvent("customer.subscription.deleted", sub));
    const row = await reload(user.id);
    expect(row).toMatchObject({
      planType: "free",
      subscriptionStatus: "expired",
      remindersQuota: 10,
      remindersUsedCurrentPeriod: 0,
      paymentFrequency: null,
      nextBillingDate: null,
      stripeSubscriptionId: "sub_del",
    });
    expect(row.billingPeriodEnd && row.billingPeriodStart).toBeTruthy();
  });
});

describe("invoice events", () => {
  it("invoice.paid opens a new period: dates, used count back to 0, quota from the catalogue", async () => {
    const { user, customer } = await customerUser({
      planType: "starter",
      subscriptionStatus: "active",
      stripeSubscriptionId: "sub_inv",
      remindersUsedCurrentPeriod: 321,
      remindersQuota: 0,
    });
    const start = now();
    const end = start + 91 * DAY;
    await deliverEvent(
      stripeEvent(
        "invoice.paid",
        invoiceObject({ customer, subscription: "sub_inv", periodStart: start, periodEnd: end }),
      ),
    );
    expect(await reload(user.id)).toMatchObject({
      billingPeriodStart: new Date(start * 1000),
      billingPeriodEnd: new Date(end * 1000),
      nextBillingDate: new Date(end * 1000),
      remindersUsedCurrentPeriod: 0,
      remindersQuota: 500,
    });
  });

  it("invoice.paid arriving before the subscription events uses the checkout's plan", async () => {
    const { user, customer } = await customerUser();
    await deliverEvent(
      stripeEvent(
        "invoice.paid",
        invoiceObject({
          customer,
          subscription: "sub_early",
          periodStart: now(),
          periodEnd: now() + 30 * DAY,
          metadata: { userId: user.id, planType: "professional" },
        }),
      ),
    );
    expect(await reload(user.id)).toMatchObject({ remindersQuota: 5000, stripeSubscriptionId: "sub_early" });
  });

  it("invoice.payment_failed changes nothing while Stripe retries, and expires after the last attempt", async () => {
    const { user, customer } = await customerUser({
      planType: "starter",
      subscriptionStatus: "active",
      stripeSubscriptionId: "sub_fail",
    });
    const base = { customer, subscription: "sub_fail", periodStart: now(), periodEnd: now() + 30 * DAY };
    await deliverEvent(
      stripeEvent("invoice.payment_failed", invoiceObject({ ...base, nextPaymentAttempt: now() + DAY })),
    );
    expect((await reload(user.id)).subscriptionStatus).toBe("active");
    await deliverEvent(
      stripeEvent("invoice.payment_failed", invoiceObject({ ...base, nextPaymentAttempt: null })),
    );
    expect(await reload(user.id)).toMatchObject({ subscriptionStatus: "expired", planType: "starter" });
  });
});

describe("payment_intent.succeeded", () => {
  const intent = (userId: string, customer: string, kind: string) => ({
    id: `pi_${randomBytes(6).toString("hex")}`,
    object: "payment_intent",
    status: "succeeded",
    amount: 2000,
    customer,
    metadata: { userId, kind, creditPackageIndex: "0" },
  });

  it("adds an auto-recharge package once, keyed by the payment", async () => {
    const { user, customer } = await customerUser({ planType: "payg", paygCreditBalance: 0 });
    const pi = intent(user.id, customer, "auto_recharge");
    await deliverEvent(stripeEvent("payment_intent.succeeded", pi));
    // A second event about the same payment (a different event id) adds nothing.
    await deliverEvent(stripeEvent("payment_intent.succeeded", pi));
    expect((await reload(user.id)).paygCreditBalance).toBe(2000);
    const [entry] = await db.select().from(creditLedger).where(eq(creditLedger.userId, user.id));
    expect(entry).toMatchObject({ reason: "auto_recharge", idempotencyKey: `payment_intent:${pi.id}` });
  });

  it("leaves checkout purchases to checkout.session.completed", async () => {
    const { user, customer } = await customerUser({ planType: "payg" });
    await deliverEvent(stripeEvent("payment_intent.succeeded", intent(user.id, customer, "credits")));
    expect((await reload(user.id)).paygCreditBalance).toBe(0);
  });
});
