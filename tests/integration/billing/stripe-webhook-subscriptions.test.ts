import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { creditLedger, workspaceEvents, workspaceMembers, workspaces } from "@/db/schema";
import { seatLimit } from "@/lib/plans/seat-limit";
import { db } from "@/lib/db";
import { deliverEvent, invoiceObject, stripeEvent, subscriptionObject } from "../../support/stripe-events";
import { startStripeServer, type StripeServer } from "../../support/stripe-server";
import { createSignedInUser, type SignedInOverrides } from "../../support/users";

let stripe: StripeServer;
beforeAll(async () => {
  stripe = await startStripeServer();
});
afterAll(() => stripe.stop());

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);

async function reload(id: string) {
  const [row] = await db.select().from(workspaces).where(eq(workspaces.id, id));
  return row;
}

async function customerUser(overrides: SignedInOverrides = {}) {
  const customer = `cus_${randomBytes(6).toString("hex")}`;
  const { user, workspace } = await createSignedInUser({ stripeCustomerId: customer, ...overrides });
  return { user, workspace, customer };
}

describe("subscription events", () => {
  it("created in trial: plan, period, trial end and quota follow the subscription", async () => {
    const { user, workspace, customer } = await customerUser();
    const start = now();
    const sub = subscriptionObject({
      customer,
      workspaceId: workspace.id,
      startedBy: user.id,
      status: "trialing",
      lookupKey: "remindful_starter_quarterly",
      periodStart: start,
      periodEnd: start + 7 * DAY,
      trialEnd: start + 7 * DAY,
    });
    await deliverEvent(stripeEvent("customer.subscription.created", sub));
    expect(await reload(workspace.id)).toMatchObject({
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
    const { workspace, customer } = await customerUser();
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
    expect(await reload(workspace.id)).toMatchObject({
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
    expect(await reload(workspace.id)).toMatchObject({
      subscriptionStatus: "cancelled",
      nextBillingDate: null,
    });
    await deliverEvent(
      stripeEvent(
        "customer.subscription.updated",
        subscriptionObject({ ...base, lookupKey: "remindful_personal_monthly" }),
      ),
    );
    expect(await reload(workspace.id)).toMatchObject({
      planType: "personal",
      paymentFrequency: "monthly",
      subscriptionStatus: "active",
      remindersQuota: 250,
    });
  });

  it("an event about another, older subscription does not undo the current one", async () => {
    const { workspace, customer } = await customerUser({
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
    expect(await reload(workspace.id)).toMatchObject({
      planType: "starter",
      stripeSubscriptionId: "sub_current",
    });
  });

  it("deleted: back to free limits with a fresh monthly period, nothing else removed", async () => {
    const { workspace, customer } = await customerUser({
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
    const row = await reload(workspace.id);
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
    const { workspace, customer } = await customerUser({
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
    expect(await reload(workspace.id)).toMatchObject({
      billingPeriodStart: new Date(start * 1000),
      billingPeriodEnd: new Date(end * 1000),
      nextBillingDate: new Date(end * 1000),
      remindersUsedCurrentPeriod: 0,
      remindersQuota: 500,
    });
  });

  it("invoice.paid arriving before the subscription events uses the checkout's plan", async () => {
    const { user, workspace, customer } = await customerUser();
    await deliverEvent(
      stripeEvent(
        "invoice.paid",
        invoiceObject({
          customer,
          subscription: "sub_early",
          periodStart: now(),
          periodEnd: now() + 30 * DAY,
          // Sold before workspaces: the metadata names the person, whose own workspace has their id.
          metadata: { userId: user.id, planType: "professional" },
        }),
      ),
    );
    expect(await reload(workspace.id)).toMatchObject({
      remindersQuota: 5000,
      stripeSubscriptionId: "sub_early",
    });
  });

  it("invoice.payment_failed changes nothing while Stripe retries, and expires after the last attempt", async () => {
    const { workspace, customer } = await customerUser({
      planType: "starter",
      subscriptionStatus: "active",
      stripeSubscriptionId: "sub_fail",
    });
    const base = { customer, subscription: "sub_fail", periodStart: now(), periodEnd: now() + 30 * DAY };
    await deliverEvent(
      stripeEvent("invoice.payment_failed", invoiceObject({ ...base, nextPaymentAttempt: now() + DAY })),
    );
    expect((await reload(workspace.id)).subscriptionStatus).toBe("active");
    await deliverEvent(
      stripeEvent("invoice.payment_failed", invoiceObject({ ...base, nextPaymentAttempt: null })),
    );
    expect(await reload(workspace.id)).toMatchObject({ subscriptionStatus: "expired", planType: "starter" });
  });
});

describe("payment_intent.succeeded", () => {
  const intent = (workspaceId: string, customer: string, kind: string) => ({
    id: `pi_${randomBytes(6).toString("hex")}`,
    object: "payment_intent",
    status: "succeeded",
    amount: 2000,
    customer,
    metadata: { workspaceId, kind, creditPackageIndex: "0" },
  });

  it("adds an auto-recharge package once, keyed by the payment", async () => {
    const { workspace, customer } = await customerUser({ planType: "payg", paygCreditBalance: 0 });
    const pi = intent(workspace.id, customer, "auto_recharge");
    await deliverEvent(stripeEvent("payment_intent.succeeded", pi));
    // A second event about the same payment (a different event id) adds nothing.
    await deliverEvent(stripeEvent("payment_intent.succeeded", pi));
    expect((await reload(workspace.id)).paygCreditBalance).toBe(2000);
    const [entry] = await db.select().from(creditLedger).where(eq(creditLedger.workspaceId, workspace.id));
    expect(entry).toMatchObject({ reason: "auto_recharge", idempotencyKey: `payment_intent:${pi.id}` });
  });

  it("leaves checkout purchases to checkout.session.completed", async () => {
    const { workspace, customer } = await customerUser({ planType: "payg" });
    await deliverEvent(stripeEvent("payment_intent.succeeded", intent(workspace.id, customer, "credits")));
    expect((await reload(workspace.id)).paygCreditBalance).toBe(0);
  });
});

/** A team workspace (a random id, not its owner's), with its own Stripe customer. */
async function teamWorkspace(ownerOverrides: SignedInOverrides = {}) {
  const { user, workspace: personal } = await createSignedInUser(ownerOverrides);
  const customer = `cus_${randomBytes(6).toString("hex")}`;
  const [team] = await db
    .insert(workspaces)
    .values({ name: "Team", stripeCustomerId: customer, planType: "trial", subscriptionStatus: "trial" })
    .returning();
  await db.insert(workspaceMembers).values({ workspaceId: team.id, userId: user.id, role: "owner" });
  return { user, personal, team, customer };
}

const trail = (workspaceId: string) =>
  db
    .select()
    .from(workspaceEvents)
    .where(eq(workspaceEvents.workspaceId, workspaceId))
    .orderBy(workspaceEvents.id);

describe("which workspace an event bills", () => {
  const starter = (customer: string, metadata: { workspaceId?: string; userId?: string }) =>
    subscriptionObject({
      customer,
      ...metadata,
      status: "active",
      lookupKey: "remindful_starter_monthly",
      periodStart: now(),
      periodEnd: now() + 30 * DAY,
    });

  it("metadata.workspaceId names a team's workspace, never its owner's own", async () => {
    const { personal, team } = await teamWorkspace();
    expect(team.id).not.toBe(personal.id);
    // A customer the workspace does not hold yet: only the metadata can find it.
    await deliverEvent(
      stripeEvent("customer.subscription.created", starter("cus_not_stored_yet", { workspaceId: team.id })),
    );
    expect(await reload(team.id)).toMatchObject({ planType: "starter", subscriptionStatus: "active" });
    expect(await reload(personal.id)).toMatchObject({ planType: "trial" });
  });

  it("a subscription sold before workspaces (metadata.userId) bills the person's own workspace", async () => {
    const { user, personal, team } = await teamWorkspace();
    const legacyCustomer = `cus_${randomBytes(6).toString("hex")}`;
    await deliverEvent(
      stripeEvent("customer.subscription.created", starter(legacyCustomer, { userId: user.id })),
    );
    expect(await reload(personal.id)).toMatchObject({ planType: "starter" });
    expect(await reload(team.id)).toMatchObject({ planType: "trial" });
  });

  it("without metadata, the workspace holding the Stripe customer", async () => {
    const { personal, team, customer } = await teamWorkspace();
    await deliverEvent(stripeEvent("customer.subscription.created", starter(customer, {})));
    expect(await reload(team.id)).toMatchObject({ planType: "starter" });
    expect(await reload(personal.id)).toMatchObject({ planType: "trial" });
  });
});

describe("members bought (the seat item)", () => {
  it("created with 3 extra members: extra_seats 3, the buyer named on the trail's lines", async () => {
    const { user, team, customer } = await teamWorkspace();
    const start = now();
    const sub = subscriptionObject({
      customer,
      workspaceId: team.id,
      startedBy: user.id,
      status: "active",
      lookupKey: "remindful_professional_annual",
      extraSeats: 3,
      seatLookupKey: "remindful_seat_annual",
      periodStart: start,
      periodEnd: start + 365 * DAY,
      id: "sub_team_seats",
    });
    await deliverEvent(stripeEvent("customer.subscription.created", sub, undefined, start));
    const row = await reload(team.id);
    // The plan is read from its item, whichever order Stripe lists the items in.
    expect(row).toMatchObject({
      planType: "professional",
      paymentFrequency: "annual",
      extraSeats: 3,
      billingPeriodEnd: new Date((start + 365 * DAY) * 1000),
    });
    expect(seatLimit(row)).toBe(13);
    expect((await trail(team.id)).map((line) => [line.kind, line.actorId, line.details])).toEqual([
      ["billing.plan_changed", user.id, { from: "trial", to: "professional", frequency: "annual" }],
      ["billing.seats_changed", user.id, { from: 0, to: 3 }],
    ]);

    // More members in Stripe's portal: nobody named, the new quantity applied.
    await deliverEvent(
      stripeEvent(
        "customer.subscription.updated",
        {
          ...sub,
          items: {
            ...sub.items,
            data: sub.items.data.map((item) =>
              item.price.lookup_key === "remindful_seat_annual" ? { ...item, quantity: 5 } : item,
            ),
          },
        },
        undefined,
        start + 10,
      ),
    );
    expect(await reload(team.id)).toMatchObject({ extraSeats: 5 });
    expect((await trail(team.id)).at(-1)).toMatchObject({
      kind: "billing.seats_changed",
      actorId: null,
      details: { from: 3, to: 5 },
    });
  });

  it("a plan change without a seat item resets extra_seats to 0, and so does the end of the subscription", async () => {
    const { team, customer } = await teamWorkspace();
    await db
      .update(workspaces)
      .set({
        planType: "business",
        subscriptionStatus: "active",
        extraSeats: 4,
        stripeSubscriptionId: "sub_down",
      })
      .where(eq(workspaces.id, team.id));
    const start = now();
    const base = {
      customer,
      workspaceId: team.id,
      periodStart: start,
      periodEnd: start + 30 * DAY,
      id: "sub_down",
    };
    await deliverEvent(
      stripeEvent(
        "customer.subscription.updated",
        subscriptionObject({ ...base, status: "active", lookupKey: "remindful_starter_monthly" }),
        undefined,
        start,
      ),
    );
    expect(await reload(team.id)).toMatchObject({ planType: "starter", extraSeats: 0 });
    expect((await trail(team.id)).map((line) => line.kind)).toEqual([
      "billing.plan_changed",
      "billing.seats_changed",
    ]);

    await db.update(workspaces).set({ extraSeats: 2 }).where(eq(workspaces.id, team.id));
    await deliverEvent(
      stripeEvent(
        "customer.subscription.deleted",
        subscriptionObject({
          ...base,
          status: "canceled",
          lookupKey: "remindful_starter_monthly",
          extraSeats: 2,
        }),
        undefined,
        start + 60,
      ),
    );
    const ended = await reload(team.id);
    expect(ended).toMatchObject({ planType: "free", extraSeats: 0 });
    expect(seatLimit(ended)).toBe(1);
  });
});
