import { randomBytes } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { creditLedger, deliveries, workspaces } from "@/db/schema";
import { db } from "@/lib/db";
import { runBatch } from "@/lib/delivery/run-batch";
import { closeMail, setSmtpUrl } from "@/lib/mail/send-mail";
import { buyCreditPackage, PURCHASE_AT as T0 } from "../../support/credit-buyer";
import {
  chargeObject,
  checkoutSessionObject,
  deliverEvent,
  disputeObject,
  stripeEvent,
} from "../../support/stripe-events";
import { createContact, createReminder } from "../../support/delivery-fixtures";
import { startSmtpSink, type SmtpSink } from "../../support/smtp-sink";
import { startStripeServer, type StripeServer } from "../../support/stripe-server";
import { createSignedInUser, type SignedInOverrides } from "../../support/users";

let stripe: StripeServer;
let smtp: SmtpSink;
beforeAll(async () => {
  stripe = await startStripeServer();
  smtp = await startSmtpSink();
  setSmtpUrl(smtp.url);
});
afterAll(async () => {
  closeMail();
  await smtp.close();
  await stripe.stop();
});

async function reload(id: string) {
  const [row] = await db.select().from(workspaces).where(eq(workspaces.id, id));
  return row;
}

const ledger = (workspaceId: string) =>
  db.select().from(creditLedger).where(eq(creditLedger.workspaceId, workspaceId)).orderBy(creditLedger.id);

const buyer = (overrides: SignedInOverrides = {}) => buyCreditPackage(stripe, overrides);

describe("charge.refunded", () => {
  it("a full refund takes the package's credits back once, and flags the account", async () => {
    const { workspace, customer, paymentIntent } = await buyer();
    const charge = chargeObject({ customer, paymentIntent, amount: 5000, amountRefunded: 5000 });
    const event = stripeEvent("charge.refunded", charge, undefined, T0 + 10);
    await deliverEvent(event);
    await deliverEvent(event); // replay
    await deliverEvent(stripeEvent("charge.refunded", charge, undefined, T0 + 11)); // same refund, new event
    expect(await reload(workspace.id)).toMatchObject({ paygCreditBalance: 0, billingFlag: "refund" });
    expect((await ledger(workspace.id)).map((l) => [l.reason, l.amountCents])).toEqual([
      ["purchase", 5250],
      ["payment_refund", -5250],
    ]);
  });

  it("partial refunds take their share; a late event about the smaller refund takes nothing more", async () => {
    const { workspace, customer, paymentIntent } = await buyer();
    const id = `ch_${randomBytes(6).toString("hex")}`;
    const half = chargeObject({ id, customer, paymentIntent, amount: 5000, amountRefunded: 2500 });
    const full = chargeObject({ id, customer, paymentIntent, amount: 5000, amountRefunded: 5000 });
    // Delivered out of order: the full refund first, then the earlier half.
    await deliverEvent(stripeEvent("charge.refunded", full, undefined, T0 + 20));
    await deliverEvent(stripeEvent("charge.refunded", half, undefined, T0 + 10));
    expect((await reload(workspace.id)).paygCreditBalance).toBe(0);

    const other = await buyer();
    await deliverEvent(
      stripeEvent(
        "charge.refunded",
        chargeObject({
          customer: other.customer,
          paymentIntent: other.paymentIntent,
          amount: 5000,
          amountRefunded: 2000,
        }),
      ),
    );
    // 2,000 of 5,000 cents refunded: 40% of 5,250 credits.
    expect((await reload(other.user.id)).paygCreditBalance).toBe(5250 - 2100);
  });

  it("never takes the balance below zero when the credits were already spent", async () => {
    const { workspace, customer, paymentIntent } = await buyer();
    await db.update(workspaces).set({ paygCreditBalance: 300 }).where(eq(workspaces.id, workspace.id));
    await deliverEvent(
      stripeEvent(
        "charge.refunded",
        chargeObject({ customer, paymentIntent, amount: 5000, amountRefunded: 5000 }),
      ),
    );
    expect(await reload(workspace.id)).toMatchObject({ paygCreditBalance: 0, billingFlag: "refund" });
  });

  it("ignores refunds of payments that are not credit packages", async () => {
    const { workspace, customer } = await buyer();
    const subscriptionPi = `pi_${randomBytes(6).toString("hex")}`;
    stripe.paymentIntents.set(subscriptionPi, {
      id: subscriptionPi,
      object: "payment_intent",
      amount: 1999,
      metadata: {},
    });
    await deliverEvent(
      stripeEvent(
        "charge.refunded",
        chargeObject({ customer, paymentIntent: subscriptionPi, amount: 1999, amountRefunded: 1999 }),
      ),
    );
    expect(await reload(workspace.id)).toMatchObject({ paygCreditBalance: 5250, billingFlag: null });
  });
});

describe("charge.dispute.created", () => {
  it("takes the credits back, flags the account, turns auto-recharge off; a refund after it adds nothing", async () => {
    const { workspace, customer, paymentIntent } = await buyer({
      autoRechargeEnabled: true,
      autoRechargePackageIndex: 0,
      autoRechargeThresholdCents: 100,
    });
    const charge = chargeObject({ customer, paymentIntent, amount: 5000 });
    const dispute = stripeEvent(
      "charge.dispute.created",
      disputeObject({ charge: charge.id, paymentIntent, amount: 5000 }),
      undefined,
      T0 + 30,
    );
    await deliverEvent(dispute);
    await deliverEvent(dispute);
    expect(await reload(workspace.id)).toMatchObject({
      paygCreditBalance: 0,
      billingFlag: "dispute",
      autoRechargeEnabled: false,
    });
    // Turning it back on is refused while the dispute flag stands.
    const { updateAutoRecharge } = await import("@/lib/payments/update-auto-recharge");
    await expect(
      updateAutoRecharge(await reload(workspace.id), { enabled: true, packageIndex: 0, thresholdCents: 100 }),
    ).rejects.toThrow("Auto-recharge is unavailable while a payment on your account is disputed");
    // Credits bought later are not taken again by a refund of the disputed charge.
    await db.update(workspaces).set({ paygCreditBalance: 900 }).where(eq(workspaces.id, workspace.id));
    await deliverEvent(
      stripeEvent(
        "charge.refunded",
        { ...charge, amount_refunded: 5000, refunded: true },
        undefined,
        T0 + 40,
      ),
    );
    expect(await reload(workspace.id)).toMatchObject({ paygCreditBalance: 900, billingFlag: "dispute" });
  });
});

describe("checkout with a delayed payment method", () => {
  it("credits on async_payment_succeeded only, once, whatever the order", async () => {
    const customer = `cus_${randomBytes(6).toString("hex")}`;
    const { workspace } = await createSignedInUser({ stripeCustomerId: customer });
    const unpaid = checkoutSessionObject({
      customer,
      workspaceId: workspace.id,
      paymentStatus: "unpaid",
      creditPackageIndex: 0,
    });
    await deliverEvent(stripeEvent("checkout.session.completed", unpaid, undefined, T0));
    expect((await reload(workspace.id)).paygCreditBalance).toBe(0);
    const paid = { ...unpaid, payment_status: "paid" };
    const succeeded = stripeEvent("checkout.session.async_payment_succeeded", paid, undefined, T0 + 60);
    await deliverEvent(succeeded);
    await deliverEvent(succeeded);
    // A (late) failure for the same session does not take back a settled payment.
    await deliverEvent(stripeEvent("checkout.session.async_payment_failed", unpaid, undefined, T0 + 30));
    expect(await reload(workspace.id)).toMatchObject({
      paygCreditBalance: 2000,
      planType: "payg",
      paymentIssue: null,
    });
  });

  it("async_payment_failed credits nothing and tells the owner", async () => {
    const customer = `cus_${randomBytes(6).toString("hex")}`;
    const { user, workspace } = await createSignedInUser({ stripeCustomerId: customer });
    // A session from before workspaces: its metadata names the person, whose workspace has their id.
    const session = checkoutSessionObject({
      customer,
      userId: user.id,
      paymentStatus: "unpaid",
      creditPackageIndex: 2,
    });
    await deliverEvent(stripeEvent("checkout.session.completed", session));
    await deliverEvent(stripeEvent("checkout.session.async_payment_failed", session));
    expect(await reload(workspace.id)).toMatchObject({
      paygCreditBalance: 0,
      planType: "trial",
      paymentIssue: "payment_failed",
    });
  });
});

describe("sending stops for an unpaid subscription", () => {
  it("past due or expired on a paid plan: the engine refuses deliveries; active: sends", async () => {
    const due = new Date("2034-03-01T10:00:00Z");
    const make = async (subscriptionStatus: string) => {
      const { workspace } = await createSignedInUser({
        planType: "starter",
        subscriptionStatus,
        remindersQuota: 500,
        senderName: "Ana",
      });
      const contact = await createContact(workspace.id);
      return (await createReminder(workspace.id, contact.id, due)).id;
    };
    const stopped = await make("expired");
    const paying = await make("active");
    for (;;) if ((await runBatch({ workerId: "w", clock: () => due, limit: 10 })).leased === 0) break;
    const rows = await db
      .select()
      .from(deliveries)
      .where(and(inArray(deliveries.reminderId, [stopped, paying])));
    const byReminder = new Map(rows.map((r) => [r.reminderId, r]));
    expect(byReminder.get(stopped)).toMatchObject({
      status: "failed",
      errorCode: "subscription_unpaid",
      error: "Subscription not paid: reminders resume once the payment goes through",
    });
    expect(byReminder.get(paying)?.status).toBe("sent");
  });
});
