import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { creditLedger, workspaces } from "@/db/schema";
import { db } from "@/lib/db";
import { buyCreditPackage, PURCHASE_AT as T0 } from "../../support/credit-buyer";
import { chargeObject, deliverEvent, disputeObject, stripeEvent } from "../../support/stripe-events";
import { startStripeServer, type StripeServer } from "../../support/stripe-server";
import { createSignedInUser } from "../../support/users";

let stripe: StripeServer;
beforeAll(async () => {
  stripe = await startStripeServer();
});
afterAll(async () => {
  await stripe.stop();
});

async function reload(id: string) {
  const [row] = await db.select().from(workspaces).where(eq(workspaces.id, id));
  return row;
}

const ledger = async (workspaceId: string) =>
  (
    await db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.workspaceId, workspaceId))
      .orderBy(creditLedger.id)
  ).map((l) => [l.reason, l.amountCents]);

/** Bought the $50 package (5,250 credits) through checkout, spent some, then the charge is disputed. */
async function disputedBuyer(spentCents: number) {
  const { user, workspace, customer, paymentIntent } = await buyCreditPackage(stripe);
  await db
    .update(workspaces)
    .set({ paygCreditBalance: 5250 - spentCents })
    .where(eq(workspaces.id, workspace.id));
  const charge = chargeObject({ customer, paymentIntent, amount: 5000 });
  const dispute = disputeObject({ charge: charge.id, paymentIntent, amount: 5000 });
  await deliverEvent(stripeEvent("charge.dispute.created", dispute, undefined, T0 + 10));
  expect(await reload(workspace.id)).toMatchObject({ paygCreditBalance: 0, billingFlag: "dispute" });
  return { user, workspace, charge, dispute };
}

it("a won dispute gives back the credits it took, once, however often Stripe sends it", async () => {
  const { workspace, dispute } = await disputedBuyer(1250);
  const closed = stripeEvent("charge.dispute.closed", { ...dispute, status: "won" }, undefined, T0 + 20);
  expect((await deliverEvent(closed)).status).toBe(200);
  await deliverEvent(closed); // replay of the same event
  await deliverEvent(stripeEvent("charge.dispute.closed", { ...dispute, status: "won" }, undefined, T0 + 21));
  // The dispute took the 4,000 left (1,250 were already spent); those 4,000 come back.
  expect((await reload(workspace.id)).paygCreditBalance).toBe(4000);
  expect(await ledger(workspace.id)).toEqual([
    ["purchase", 5250],
    ["dispute", -4000],
    ["dispute", 4000],
  ]);
});

it("a refund of the charge after a won dispute takes the credits back again, once", async () => {
  const { workspace, charge, dispute } = await disputedBuyer(0);
  await deliverEvent(stripeEvent("charge.dispute.closed", { ...dispute, status: "won" }, undefined, T0 + 20));
  expect((await reload(workspace.id)).paygCreditBalance).toBe(5250);
  await deliverEvent(
    stripeEvent("charge.refunded", { ...charge, amount_refunded: 5000, refunded: true }, undefined, T0 + 30),
  );
  expect((await reload(workspace.id)).paygCreditBalance).toBe(0);
});

it.each(["lost", "warning_closed"])("a dispute closed as %s gives nothing back", async (status) => {
  const { workspace, dispute } = await disputedBuyer(0);
  expect(
    (await deliverEvent(stripeEvent("charge.dispute.closed", { ...dispute, status }, undefined, T0 + 20)))
      .status,
  ).toBe(200);
  expect((await reload(workspace.id)).paygCreditBalance).toBe(0);
  expect(await ledger(workspace.id)).toEqual([
    ["purchase", 5250],
    ["dispute", -5250],
  ]);
});

it("a won dispute of a payment that bought no credits (a subscription) changes nothing", async () => {
  const { workspace } = await createSignedInUser({ planType: "starter", paygCreditBalance: 300 });
  const charge = chargeObject({ customer: "cus_none", paymentIntent: "pi_none", amount: 900 });
  const dispute = disputeObject({ charge: charge.id, paymentIntent: "pi_none", amount: 900 });
  const res = await deliverEvent(
    stripeEvent("charge.dispute.closed", { ...dispute, status: "won" }, undefined, T0),
  );
  expect(res.status).toBe(200);
  expect((await reload(workspace.id)).paygCreditBalance).toBe(300);
  expect(await ledger(workspace.id)).toEqual([]);
});
