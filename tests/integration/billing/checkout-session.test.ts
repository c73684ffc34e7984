import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST } from "@/app/api/create-checkout-session/route";
import { workspaceEvents, workspaces } from "@/db/schema";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { getStripe } from "@/lib/payments/stripe-client";
import { syncStripeCatalogue } from "@/lib/payments/sync-stripe-catalogue";
import { callRoute } from "../../support/call-route";
import { startStripeServer, type StripeServer } from "../../support/stripe-server";
import { createSignedInMember, createSignedInUser } from "../../support/users";

let stripe: StripeServer;

beforeAll(async () => {
  stripe = await startStripeServer();
  await syncStripeCatalogue(getStripe());
});
afterAll(() => stripe.stop());
beforeEach(() => {
  stripe.requests.length = 0;
});

const checkout = (body: unknown, cookie?: string) =>
  callRoute<{ url?: string; message?: string }>(POST, "/api/create-checkout-session", {
    method: "POST",
    body,
    cookie,
  });

async function reload(id: string) {
  const [row] = await db.select().from(workspaces).where(eq(workspaces.id, id));
  return row;
}

function priceIdFor(lookupKey: string) {
  return [...stripe.prices.values()].find((price) => price.lookup_key === lookupKey && price.active)?.id;
}

describe("POST /api/create-checkout-session", () => {
  it("answers 401 to a signed-out visitor and calls Stripe for nothing", async () => {
    const res = await checkout({ planType: "starter" });
    expect(res.status).toBe(401);
    expect(stripe.requests).toHaveLength(0);
  });

  it.each([
    [{ planType: "gold" }, "planType: Unknown plan"],
    [{ planType: "starter", paymentFrequency: "weekly" }, "paymentFrequency: Unknown billing period"],
    [
      { planType: "personal", paymentFrequency: "annual" },
      "paymentFrequency: The personal plan is not sold annual",
    ],
    [{ planType: "free" }, "planType: The free plan cannot be bought"],
    [{ planType: "trial" }, "planType: The trial plan cannot be bought"],
    [{ planType: "payg" }, "creditPackageIndex: Choose a credit package"],
    [{ planType: "payg", creditPackageIndex: 4 }, "creditPackageIndex: Unknown credit package"],
    [
      { planType: "payg", creditPackageIndex: 1.5 },
      "creditPackageIndex: Credit package must be a whole number",
    ],
    [{ planType: "personal", extraSeats: 2 }, "extraSeats: The personal plan has no extra members"],
    [
      { planType: "payg", creditPackageIndex: 0, extraSeats: 1 },
      "extraSeats: Extra members come with a plan",
    ],
    [{ planType: "starter", extraSeats: -1 }, "extraSeats: Extra members cannot be negative"],
    [{ planType: "starter", extraSeats: 201 }, "extraSeats: At most 200 extra members at once"],
  ])("refuses %o with 400 and creates nothing", async (body, message) => {
    const { workspace, cookie } = await createSignedInUser();
    const res = await checkout(body, cookie);
    expect(res.status).toBe(400);
    expect(res.json.message).toContain(message);
    expect(stripe.requests).toHaveLength(0);
    expect((await reload(workspace.id)).stripeCustomerId).toBeNull();
  });

  it("refuses a member who is not the workspace's owner (403) and creates nothing", async () => {
    const { workspace } = await createSignedInUser();
    for (const role of ["admin", "member", "viewer"] as const) {
      const { cookie } = await createSignedInMember(workspace, role);
      const res = await checkout({ planType: "starter" }, cookie);
      expect(res.status).toBe(403);
      expect(res.json).toMatchObject({ code: "role_forbidden" });
    }
    expect(stripe.requests).toHaveLength(0);
    expect((await reload(workspace.id)).stripeCustomerId).toBeNull();
  });

  it("opens a subscription checkout with a 7-day trial and no card, for the chosen period", async () => {
    const { user, workspace, cookie } = await createSignedInUser();
    const res = await checkout({ planType: "starter", paymentFrequency: "quarterly" }, cookie);
    expect(res.status).toBe(200);
    expect(res.json.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);

    const [created] = stripe.requestsTo("POST", "/v1/customers");
    expect(created.params).toMatchObject({
      email: user.email,
      name: workspace.name,
      metadata: { workspaceId: workspace.id },
    });
    expect(created.idempotencyKey).toBe(`customer-${workspace.id}`);
    const row = await reload(workspace.id);
    expect(row.stripeCustomerId).toMatch(/^cus_/);
    // Only customer linkage: the plan is still the webhook's to change.
    expect(row.planType).toBe("trial");

    const [session] = stripe.requestsTo("POST", "/v1/checkout/sessions");
    expect(session.params).toMatchObject({
      mode: "subscription",
      customer: row.stripeCustomerId,
      client_reference_id: workspace.id,
      metadata: {
        workspaceId: workspace.id,
        startedBy: user.id,
        kind: "plan",
        planType: "starter",
        paymentFrequency: "quarterly",
        extraSeats: "0",
      },
      line_items: [{ price: priceIdFor("remindful_starter_quarterly"), quantity: "1" }],
      subscription_data: {
        trial_period_days: "7",
        metadata: { workspaceId: workspace.id, startedBy: user.id, planType: "starter" },
      },
      payment_method_collection: "if_required",
      success_url: "http://localhost:3000/billing?checkout=success",
      cancel_url: "http://localhost:3000/pricing",
    });
  });

  it("sells members beyond the plan's own as a quantity of the seat price of the same period", async () => {
    const { user, workspace, cookie } = await createSignedInUser();
    const res = await checkout(
      { planType: "professional", paymentFrequency: "annual", extraSeats: 4 },
      cookie,
    );
    expect(res.status).toBe(200);
    const [session] = stripe.requestsTo("POST", "/v1/checkout/sessions");
    expect(session.params).toMatchObject({
      mode: "subscription",
      metadata: { workspaceId: workspace.id, extraSeats: "4" },
      line_items: [
        { price: priceIdFor("remindful_professional_annual"), quantity: "1" },
        { price: priceIdFor("remindful_seat_annual"), quantity: "4" },
      ],
      subscription_data: { metadata: { workspaceId: workspace.id, extraSeats: "4" } },
    });
    // The trail says who started it; the plan and seats change only with Stripe's events.
    const events = await db
      .select()
      .from(workspaceEvents)
      .where(eq(workspaceEvents.workspaceId, workspace.id));
    expect(events).toMatchObject([
      {
        kind: "billing.checkout_started",
        actorId: user.id,
        subjectId: expect.stringMatching(/^cs_test_/),
        details: { plan: "professional", frequency: "annual", extraSeats: 4 },
      },
    ]);
    expect(await reload(workspace.id)).toMatchObject({ planType: "trial", extraSeats: 0 });
  });

  it("creates the Stripe customer once per workspace", async () => {
    const { workspace, cookie } = await createSignedInUser();
    await checkout({ planType: "business", paymentFrequency: "annual" }, cookie);
    await checkout({ planType: "professional" }, cookie);
    expect(stripe.requestsTo("POST", "/v1/customers")).toHaveLength(1);
    const sessions = stripe.requestsTo("POST", "/v1/checkout/sessions");
    const row = await reload(workspace.id);
    expect(sessions.map((s) => s.params.customer)).toEqual([row.stripeCustomerId, row.stripeCustomerId]);
  });

  it("gives no second trial to a workspace that has had a subscription", async () => {
    const { cookie } = await createSignedInUser({ stripeSubscriptionId: "sub_earlier", planType: "free" });
    await checkout({ planType: "personal" }, cookie);
    const [session] = stripe.requestsTo("POST", "/v1/checkout/sessions");
    expect(session.params.subscription_data).not.toHaveProperty("trial_period_days");
    expect(session.params).not.toHaveProperty("payment_method_collection");
  });

  it("opens a one-time payment for a credit package and saves the card for auto-recharge", async () => {
    const { user, workspace, cookie } = await createSignedInUser();
    const res = await checkout({ planType: "payg", creditPackageIndex: 1 }, cookie);
    expect(res.status).toBe(200);
    const [session] = stripe.requestsTo("POST", "/v1/checkout/sessions");
    expect(session.params).toMatchObject({
      mode: "payment",
      client_reference_id: workspace.id,
      metadata: { workspaceId: workspace.id, startedBy: user.id, kind: "credits", creditPackageIndex: "1" },
      line_items: [{ price: priceIdFor("remindful_credits_5000"), quantity: "1" }],
      payment_intent_data: { setup_future_usage: "off_session", metadata: { kind: "credits" } },
    });
    expect(session.params).not.toHaveProperty("subscription_data");
    expect(session.params.metadata).not.toHaveProperty("userId");
  });

  it("asks Stripe Tax for tax and tax ids, saving address and name, only when STRIPE_AUTOMATIC_TAX is set", async () => {
    const { cookie } = await createSignedInUser();
    await checkout({ planType: "starter" }, cookie);
    const [plain] = stripe.requestsTo("POST", "/v1/checkout/sessions");
    expect(plain.params).not.toHaveProperty("automatic_tax");
    expect(plain.params).not.toHaveProperty("tax_id_collection");

    env.STRIPE_AUTOMATIC_TAX = true;
    try {
      for (const body of [{ planType: "starter" }, { planType: "payg", creditPackageIndex: 0 }]) {
        stripe.requests.length = 0;
        const res = await checkout(body, cookie);
        // The peer refuses tax features for an existing customer without customer_update, as Stripe does.
        expect(res.status).toBe(200);
        const [session] = stripe.requestsTo("POST", "/v1/checkout/sessions");
        expect(session.params).toMatchObject({
          automatic_tax: { enabled: "true" },
          tax_id_collection: { enabled: "true" },
          customer_update: { address: "auto", name: "auto" },
        });
      }
    } finally {
      env.STRIPE_AUTOMATIC_TAX = false;
    }
  });
});

describe("npm run stripe:sync", () => {
  it("creates every plan period, seat period and package price by lookup key, and nothing on a second run", async () => {
    const keys = [...stripe.prices.values()].filter((p) => p.active).map((p) => p.lookup_key);
    expect(keys).toEqual(
      expect.arrayContaining([
        "remindful_personal_monthly",
        "remindful_starter_monthly",
        "remindful_starter_annual",
        "remindful_business_biannual",
        "remindful_seat_monthly",
        "remindful_seat_annual",
        "remindful_credits_2000",
        "remindful_credits_25000",
      ]),
    );
    expect(keys).toHaveLength(1 + 4 * 3 + 4 + 4);
    const starterAnnual = [...stripe.prices.values()].find(
      (p) => p.lookup_key === "remindful_starter_annual",
    );
    expect(starterAnnual).toMatchObject({
      unit_amount: 19190,
      recurring: { interval: "month", interval_count: 12 },
    });
    const seatQuarterly = [...stripe.prices.values()].find(
      (p) => p.lookup_key === "remindful_seat_quarterly",
    );
    expect(seatQuarterly).toMatchObject({
      product: "remindful_seat",
      unit_amount: 1500,
      recurring: { interval: "month", interval_count: 3 },
    });

    const report = await syncStripeCatalogue(getStripe());
    expect(report.productsCreated).toEqual([]);
    expect(report.pricesCreated).toEqual([]);
    expect(report.pricesUnchanged).toHaveLength(21);
    expect(stripe.requestsTo("POST", "/v1/prices")).toHaveLength(0);
    expect(stripe.requestsTo("POST", "/v1/products")).toHaveLength(0);
  });

  it("replaces a price whose amount changed and moves its lookup key", async () => {
    const old = [...stripe.prices.values()].find((p) => p.lookup_key === "remindful_credits_2000");
    if (!old) throw new Error("price missing");
    old.unit_amount = 1900;
    const report = await syncStripeCatalogue(getStripe());
    expect(report.pricesCreated).toEqual(["remindful_credits_2000"]);
    expect(old).toMatchObject({ active: false, lookup_key: null });
    const current = [...stripe.prices.values()].find((p) => p.lookup_key === "remindful_credits_2000");
    expect(current).toMatchObject({ unit_amount: 2000, active: true });
  });
});

describe("billing portal and auto-recharge settings", () => {
  it("opens the Billing Portal for the workspace's customer, returning to /billing", async () => {
    const { actor, workspace } = await createSignedInUser();
    const { createPortalSession } = await import("@/lib/payments/create-portal-session");
    const { url } = await createPortalSession(actor);
    expect(url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_/);
    const row = await reload(workspace.id);
    const [portal] = stripe.requestsTo("POST", "/v1/billing_portal/sessions");
    expect(portal.params).toEqual({
      customer: row.stripeCustomerId,
      return_url: "http://localhost:3000/billing",
    });
  });

  it("opens the portal on the subscription's update page for 'Change seats'", async () => {
    const { actor } = await createSignedInUser({
      planType: "starter",
      subscriptionStatus: "active",
      stripeCustomerId: "cus_seats",
      stripeSubscriptionId: "sub_seats",
      extraSeats: 2,
    });
    const { createPortalSession } = await import("@/lib/payments/create-portal-session");
    await createPortalSession(actor, { seats: true });
    const [portal] = stripe.requestsTo("POST", "/v1/billing_portal/sessions");
    expect(portal.params).toEqual({
      customer: "cus_seats",
      return_url: "http://localhost:3000/billing",
      flow_data: {
        type: "subscription_update",
        subscription_update: { subscription: "sub_seats" },
        after_completion: {
          type: "redirect",
          redirect: { return_url: "http://localhost:3000/billing?seats=updated" },
        },
      },
    });
    const { actor: noSubscription } = await createSignedInUser();
    await expect(createPortalSession(noSubscription, { seats: true })).rejects.toMatchObject({
      code: "no_subscription",
    });
  });

  it("refuses to enable auto-recharge without a saved card, and saves it with one", async () => {
    const { updateAutoRecharge } = await import("@/lib/payments/update-auto-recharge");
    const { autoRechargeSchema } = await import("@/lib/validations/auto-recharge");
    const input = autoRechargeSchema.parse({ enabled: true, packageIndex: 2, thresholdCents: 800 });
    const { workspace: noCard } = await createSignedInUser({ planType: "payg" });
    await expect(updateAutoRecharge(noCard, input)).rejects.toThrow("Buy a credit package first");
    const { workspace } = await createSignedInUser({
      planType: "payg",
      stripeCustomerId: "cus_saved",
      autoRechargeError: "Your card was declined.",
    });
    await updateAutoRecharge(workspace, input);
    expect(await reload(workspace.id)).toMatchObject({
      autoRechargeEnabled: true,
      autoRechargePackageIndex: 2,
      autoRechargeThresholdCents: 800,
      autoRechargeError: null,
    });
    expect(
      autoRechargeSchema.safeParse({ enabled: true, packageIndex: 4, thresholdCents: 800 }).success,
    ).toBe(false);
    expect(autoRechargeSchema.safeParse({ enabled: true, packageIndex: 0, thresholdCents: 50 }).success).toBe(
      false,
    );
  });
});
