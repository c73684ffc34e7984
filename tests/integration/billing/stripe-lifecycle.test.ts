import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as checkoutPost } from "@/app/api/create-checkout-session/route";
import { workspaces } from "@/db/schema";
import { db } from "@/lib/db";
import { getStripe, STRIPE_API_VERSION } from "@/lib/payments/stripe-client";
import { syncStripeCatalogue } from "@/lib/payments/sync-stripe-catalogue";
import { callRoute } from "../../support/call-route";
import { deliverEvent, invoiceObject, stripeEvent, subscriptionObject } from "../../support/stripe-events";
import { PEER_API_VERSION, startStripeServer, type StripeServer } from "../../support/stripe-server";
import { createSignedInUser, type SignedInOverrides } from "../../support/users";

let stripe: StripeServer;
beforeAll(async () => {
  stripe = await startStripeServer();
});
afterAll(() => stripe.stop());

const DAY = 86_400;
const T0 = 1_900_000_000; // a fixed instant: events carry explicit `created` values

async function reload(id: string) {
  const [row] = await db.select().from(workspaces).where(eq(workspaces.id, id));
  return row;
}

async function customerUser(overrides: SignedInOverrides = {}) {
  const customer = `cus_${randomBytes(6).toString("hex")}`;
  const { user, workspace, cookie } = await createSignedInUser({ stripeCustomerId: customer, ...overrides });
  return { user, workspace, customer, cookie };
}

describe("API version", () => {
  it("every request the app sends pins the version the code reads", async () => {
    await syncStripeCatalogue(getStripe());
    const { cookie } = await customerUser();
    stripe.requests.length = 0;
    const res = await callRoute(checkoutPost, "/api/create-checkout-session", {
      method: "POST",
      body: { planType: "payg", creditPackageIndex: 0 },
      cookie,
    });
    expect(res.status).toBe(200);
    expect(stripe.requests.length).toBeGreaterThan(0);
    expect(stripe.requests.every((r) => r.stripeVersion === STRIPE_API_VERSION)).toBe(true);
    expect(STRIPE_API_VERSION).toBe(PEER_API_VERSION);
  });
});

describe("invoice.paid", () => {
  const setup = () =>
    customerUser({
      planType: "starter",
      subscriptionStatus: "active",
      stripeSubscriptionId: "sub_cycle",
      remindersUsedCurrentPeriod: 120,
      remindersQuota: 500,
    });

  it("a proration (subscription_update) does not reset usage; a new period does, once", async () => {
    const { workspace, customer } = await setup();
    const base = { customer, subscription: "sub_cycle" };
    const proration = invoiceObject({
      ...base,
      periodStart: T0,
      periodEnd: T0 + 10 * DAY,
      billingReason: "subscription_update",
    });
    await deliverEvent(stripeEvent("invoice.paid", proration, undefined, T0));
    expect((await reload(workspace.id)).remindersUsedCurrentPeriod).toBe(120);

    const cycle = invoiceObject({ ...base, periodStart: T0 + DAY, periodEnd: T0 + 31 * DAY });
    const cycleEvent = stripeEvent("invoice.paid", cycle, undefined, T0 + DAY);
    await deliverEvent(cycleEvent);
    expect(await reload(workspace.id)).toMatchObject({
      remindersUsedCurrentPeriod: 0,
      billingPeriodStart: new Date((T0 + DAY) * 1000),
    });

    // Used again, then: the same event replayed, and another event about the same invoice.
    await db
      .update(workspaces)
      .set({ remindersUsedCurrentPeriod: 42 })
      .where(eq(workspaces.id, workspace.id));
    const replay = await deliverEvent(cycleEvent);
    expect(replay.json).toMatchObject({ outcome: "duplicate" });
    await deliverEvent(stripeEvent("invoice.paid", cycle, undefined, T0 + DAY + 5));
    expect((await reload(workspace.id)).remindersUsedCurrentPeriod).toBe(42);
  });

  it("an older period's invoice delivered late moves nothing backwards", async () => {
    const { workspace, customer } = await setup();
    const base = { customer, subscription: "sub_cycle" };
    const newer = invoiceObject({ ...base, periodStart: T0 + 30 * DAY, periodEnd: T0 + 60 * DAY });
    const older = invoiceObject({ ...base, periodStart: T0, periodEnd: T0 + 30 * DAY });
    await deliverEvent(stripeEvent("invoice.paid", newer, undefined, T0 + 30 * DAY));
    await db.update(workspaces).set({ remindersUsedCurrentPeriod: 7 }).where(eq(workspaces.id, workspace.id));
    await deliverEvent(stripeEvent("invoice.paid", older, undefined, T0));
    expect(await reload(workspace.id)).toMatchObject({
      remindersUsedCurrentPeriod: 7,
      billingPeriodStart: new Date((T0 + 30 * DAY) * 1000),
      billingPeriodEnd: new Date((T0 + 60 * DAY) * 1000),
    });
  });

  it("subscription_create opens the first period", async () => {
    const { workspace, customer } = await setup();
    const first = invoiceObject({
      customer,
      subscription: "sub_cycle",
      periodStart: T0,
      periodEnd: T0 + 30 * DAY,
      billingReason: "subscription_create",
    });
    await deliverEvent(stripeEvent("invoice.paid", first, undefined, T0));
    expect((await reload(workspace.id)).remindersUsedCurrentPeriod).toBe(0);
  });
});

describe("subscription events out of order", () => {
  const sub = (
    customer: string,
    status: string,
    extra: Partial<Parameters<typeof subscriptionObject>[0]> = {},
  ) =>
    subscriptionObject({
      customer,
      status,
      lookupKey: "remindful_starter_monthly",
      periodStart: T0,
      periodEnd: T0 + 30 * DAY,
      id: "sub_order",
      ...extra,
    });

  it("an older update delivered after a newer one is ignored", async () => {
    const { workspace, customer } = await customerUser({ stripeSubscriptionId: "sub_order" });
    const newer = stripeEvent(
      "customer.subscription.updated",
      sub(customer, "active", { cancelAtPeriodEnd: true }),
      undefined,
      T0 + 100,
    );
    const older = stripeEvent("customer.subscription.updated", sub(customer, "active"), undefined, T0 + 50);
    await deliverEvent(newer);
    await deliverEvent(older);
    expect(await reload(workspace.id)).toMatchObject({
      subscriptionStatus: "cancelled",
      nextBillingDate: null,
    });
    // Replaying the newer one changes nothing either.
    expect((await deliverEvent(newer)).json).toMatchObject({ outcome: "duplicate" });
  });

  it("an update delivered after the deletion (same second or older) does not revive the plan", async () => {
    const { workspace, customer } = await customerUser({
      stripeSubscriptionId: "sub_order",
      planType: "starter",
    });
    await deliverEvent(
      stripeEvent("customer.subscription.deleted", sub(customer, "canceled"), undefined, T0 + 200),
    );
    await deliverEvent(
      stripeEvent("customer.subscription.updated", sub(customer, "active"), undefined, T0 + 200),
    );
    await deliverEvent(
      stripeEvent("customer.subscription.updated", sub(customer, "active"), undefined, T0 + 150),
    );
    expect(await reload(workspace.id)).toMatchObject({ planType: "free", subscriptionStatus: "expired" });
  });

  it("a newer update after an older one applies", async () => {
    const { workspace, customer } = await customerUser({ stripeSubscriptionId: "sub_order" });
    await deliverEvent(stripeEvent("customer.subscription.updated", sub(customer, "active"), undefined, T0));
    await deliverEvent(
      stripeEvent(
        "customer.subscription.updated",
        sub(customer, "active", { lookupKey: "remindful_business_monthly" }),
        undefined,
        T0 + 1,
      ),
    );
    expect(await reload(workspace.id)).toMatchObject({ planType: "business", remindersQuota: 15000 });
  });

  it("past_due keeps the plan but stops it (expired) until a newer active update", async () => {
    const { workspace, customer } = await customerUser({ stripeSubscriptionId: "sub_order" });
    await deliverEvent(stripeEvent("customer.subscription.updated", sub(customer, "active"), undefined, T0));
    await deliverEvent(
      stripeEvent("customer.subscription.updated", sub(customer, "past_due"), undefined, T0 + 10),
    );
    expect(await reload(workspace.id)).toMatchObject({ planType: "starter", subscriptionStatus: "expired" });
    // The earlier 'active' again (a retry of an old delivery) does not un-stop it.
    await deliverEvent(
      stripeEvent("customer.subscription.updated", sub(customer, "active"), undefined, T0 + 5),
    );
    expect((await reload(workspace.id)).subscriptionStatus).toBe("expired");
    await deliverEvent(
      stripeEvent("customer.subscription.updated", sub(customer, "active"), undefined, T0 + 20),
    );
    expect((await reload(workspace.id)).subscriptionStatus).toBe("active");
  });
});

describe("invoice.payment_action_required", () => {
  it("shows where to authenticate until the invoice is paid; a late one for a paid period is ignored", async () => {
    const { workspace, customer } = await customerUser({
      planType: "starter",
      subscriptionStatus: "active",
      stripeSubscriptionId: "sub_sca",
    });
    const invoice = invoiceObject({
      customer,
      subscription: "sub_sca",
      periodStart: T0 + 30 * DAY,
      periodEnd: T0 + 60 * DAY,
    });
    await deliverEvent(stripeEvent("invoice.payment_action_required", invoice, undefined, T0 + 30 * DAY));
    expect(await reload(workspace.id)).toMatchObject({
      paymentIssue: "action_required",
      paymentActionUrl: invoice.hosted_invoice_url,
    });
    await deliverEvent(stripeEvent("invoice.paid", invoice, undefined, T0 + 30 * DAY + 60));
    expect(await reload(workspace.id)).toMatchObject({ paymentIssue: null, paymentActionUrl: null });
    // Delivered again late (a new event about the same, now paid, invoice): stays cleared.
    await deliverEvent(stripeEvent("invoice.payment_action_required", invoice, undefined, T0 + 30 * DAY));
    expect((await reload(workspace.id)).paymentIssue).toBeNull();
  });
});

describe("invoice.payment_failed after the period was paid", () => {
  it("does not expire a subscription whose invoice was paid since", async () => {
    const { workspace, customer } = await customerUser({
      planType: "starter",
      subscriptionStatus: "active",
      stripeSubscriptionId: "sub_late_fail",
    });
    const invoice = invoiceObject({
      customer,
      subscription: "sub_late_fail",
      periodStart: T0,
      periodEnd: T0 + 30 * DAY,
    });
    await deliverEvent(stripeEvent("invoice.paid", invoice, undefined, T0 + 100));
    await deliverEvent(stripeEvent("invoice.payment_failed", invoice, undefined, T0 + 50));
    expect((await reload(workspace.id)).subscriptionStatus).toBe("active");
  });
});
