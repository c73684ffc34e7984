import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { creditLedger, stripeEvents, workspaces } from "@/db/schema";
import { db } from "@/lib/db";
import { deliverEvent, stripeEvent } from "../../support/stripe-events";
import { startStripeServer, type StripeServer } from "../../support/stripe-server";
import { createSignedInUser, type SignedInOverrides } from "../../support/users";

let stripe: StripeServer;
beforeAll(async () => {
  stripe = await startStripeServer();
});
afterAll(() => stripe.stop());

async function reload(id: string) {
  const [row] = await db.select().from(workspaces).where(eq(workspaces.id, id));
  return row;
}

async function customerUser(overrides: SignedInOverrides = {}) {
  const customer = `cus_${randomBytes(6).toString("hex")}`;
  const { workspace } = await createSignedInUser({ stripeCustomerId: customer, ...overrides });
  return { workspace, customer };
}

function packageSession(workspaceId: string, customer: string, index: number, paid = true) {
  return {
    id: `cs_test_${randomBytes(6).toString("hex")}`,
    object: "checkout.session",
    mode: "payment",
    payment_status: paid ? "paid" : "unpaid",
    customer,
    client_reference_id: workspaceId,
    subscription: null,
    metadata: { workspaceId, kind: "credits", creditPackageIndex: String(index) },
  };
}

async function eventCount(id: string) {
  return (await db.select().from(stripeEvents).where(eq(stripeEvents.id, id))).length;
}

describe("POST /api/stripe/webhook: verification and idempotency", () => {
  it("refuses a bad signature with 400 and changes nothing", async () => {
    const { workspace, customer } = await customerUser();
    const event = stripeEvent("checkout.session.completed", packageSession(workspace.id, customer, 0));
    const res = await deliverEvent(event, "whsec_someone_else");
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ code: "invalid_input", message: "Invalid Stripe signature" });
    expect((await reload(workspace.id)).paygCreditBalance).toBe(0);
    expect(await eventCount(event.id)).toBe(0);
  });

  it("refuses a body altered after signing", async () => {
    const { workspace, customer } = await customerUser();
    const event = stripeEvent("checkout.session.completed", packageSession(workspace.id, customer, 0));
    const { POST } = await import("@/app/api/stripe/webhook/route");
    const { callRoute } = await import("../../support/call-route");
    const Stripe = (await import("stripe")).default;
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: JSON.stringify(event),
      secret: "whsec_loopback_secret",
    });
    const tampered = JSON.stringify({
      ...event,
      data: { object: packageSession(workspace.id, customer, 3) },
    });
    const res = await callRoute(POST, "/api/stripe/webhook", {
      method: "POST",
      body: tampered,
      headers: { "stripe-signature": signature },
    });
    expect(res.status).toBe(400);
    expect((await reload(workspace.id)).paygCreditBalance).toBe(0);
  });

  it("refuses a request without a signature header", async () => {
    const { POST } = await import("@/app/api/stripe/webhook/route");
    const { callRoute } = await import("../../support/call-route");
    const res = await callRoute(POST, "/api/stripe/webhook", { method: "POST", body: "{}" });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ code: "invalid_input", message: "Missing Stripe-Signature header" });
  });

  it("acknowledges an unknown event type with 200 and records nothing", async () => {
    const event = stripeEvent("customer.tax_id.created", { id: "txi_1", object: "tax_id" });
    const res = await deliverEvent(event);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ received: true, outcome: "ignored" });
    expect(await eventCount(event.id)).toBe(0);
  });

  it("applies the same event delivered twice at the same moment once, and a later replay not at all", async () => {
    const { workspace, customer } = await customerUser();
    const event = stripeEvent("checkout.session.completed", packageSession(workspace.id, customer, 1));
    const results = await Promise.all([deliverEvent(event), deliverEvent(event), deliverEvent(event)]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results.map((r) => r.json.outcome).sort()).toEqual(["duplicate", "duplicate", "processed"]);
    const replay = await deliverEvent(event);
    expect(replay.json.outcome).toBe("duplicate");
    expect((await reload(workspace.id)).paygCreditBalance).toBe(5250);
    const ledger = await db.select().from(creditLedger).where(eq(creditLedger.workspaceId, workspace.id));
    expect(ledger).toHaveLength(1);
    expect(await eventCount(event.id)).toBe(1);
  });
});

describe("checkout.session.completed", () => {
  it.each([
    [0, 2000],
    [1, 5250],
    [2, 11000],
    [3, 28000],
  ])(
    "package %i adds %i reminders as cents and moves the workspace to pay-as-you-go",
    async (index, cents) => {
      const { workspace, customer } = await customerUser();
      const res = await deliverEvent(
        stripeEvent("checkout.session.completed", packageSession(workspace.id, customer, index)),
      );
      expect(res.status).toBe(200);
      const row = await reload(workspace.id);
      expect(row).toMatchObject({ paygCreditBalance: cents, planType: "payg", subscriptionStatus: "active" });
      const [entry] = await db.select().from(creditLedger).where(eq(creditLedger.workspaceId, workspace.id));
      expect(entry).toMatchObject({ amountCents: cents, reason: "purchase" });
    },
  );

  it("adds nothing for an unpaid session", async () => {
    const { workspace, customer } = await customerUser();
    await deliverEvent(
      stripeEvent("checkout.session.completed", packageSession(workspace.id, customer, 0, false)),
    );
    expect(await reload(workspace.id)).toMatchObject({ paygCreditBalance: 0, planType: "trial" });
  });

  it("links the subscription of a plan checkout without changing the plan", async () => {
    const { workspace, customer } = await customerUser();
    await deliverEvent(
      stripeEvent("checkout.session.completed", {
        id: "cs_test_plan",
        object: "checkout.session",
        mode: "subscription",
        payment_status: "no_payment_required",
        customer,
        client_reference_id: workspace.id,
        subscription: "sub_linked",
        metadata: {
          workspaceId: workspace.id,
          kind: "plan",
          planType: "starter",
          paymentFrequency: "monthly",
        },
      }),
    );
    expect(await reload(workspace.id)).toMatchObject({
      stripeSubscriptionId: "sub_linked",
      planType: "trial",
    });
  });
});
