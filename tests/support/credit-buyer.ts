import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { workspaces } from "@/db/schema";
import { db } from "@/lib/db";
import { checkoutSessionObject, deliverEvent, stripeEvent } from "./stripe-events";
import type { StripeServer } from "./stripe-server";
import { createSignedInUser, type SignedInOverrides } from "./users";

/** When the checkout event of `buyCreditPackage` is sent (Stripe's `created`, seconds). */
export const PURCHASE_AT = 1_900_000_000;

/**
 * A workspace whose owner bought the $50 package (5,250 credits) through checkout: the session
 * event credits it, and the PaymentIntent (with our checkout metadata) exists on the Stripe peer.
 */
export async function buyCreditPackage(stripe: StripeServer, overrides: SignedInOverrides = {}) {
  const customer = `cus_${randomBytes(6).toString("hex")}`;
  const { user, workspace } = await createSignedInUser({
    stripeCustomerId: customer,
    planType: "payg",
    ...overrides,
  });
  const paymentIntent = `pi_${randomBytes(6).toString("hex")}`;
  stripe.paymentIntents.set(paymentIntent, {
    id: paymentIntent,
    object: "payment_intent",
    amount: 5000,
    currency: "usd",
    customer,
    status: "succeeded",
    metadata: { workspaceId: workspace.id, kind: "credits", creditPackageIndex: "1" },
  });
  const session = checkoutSessionObject({
    customer,
    workspaceId: workspace.id,
    startedBy: user.id,
    paymentStatus: "paid",
    creditPackageIndex: 1,
  });
  const res = await deliverEvent(stripeEvent("checkout.session.completed", session, undefined, PURCHASE_AT));
  expect(res.status).toBe(200);
  const [row] = await db.select().from(workspaces).where(eq(workspaces.id, workspace.id));
  expect(row.paygCreditBalance).toBe(5250);
  return { user, workspace: row, customer, paymentIntent };
}
