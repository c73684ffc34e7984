import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { contacts, deliveries, reminders, workspaces } from "@/db/schema";
import { db } from "@/lib/db";
import type { DeliveryEngine } from "@/lib/delivery/engine";
import { startEngineFromEnv } from "@/jobs/start-engine-from-env";
import { closeMail, setSmtpUrl } from "@/lib/mail/send-mail";
import { getStripe } from "@/lib/payments/stripe-client";
import { deliverEvent, stripeEvent } from "../../support/stripe-events";
import { startSmtpSink, type SmtpSink } from "../../support/smtp-sink";
import { startStripeServer, type StripeServer } from "../../support/stripe-server";
import { createSignedInUser, type SignedInOverrides } from "../../support/users";

let stripe: StripeServer;
let sink: SmtpSink;
let engine: DeliveryEngine;

beforeAll(async () => {
  stripe = await startStripeServer();
  sink = await startSmtpSink();
  setSmtpUrl(sink.url);
  engine = await startEngineFromEnv();
});

afterAll(async () => {
  await engine.stop();
  closeMail();
  await sink.close();
  await stripe.stop();
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const sentCount = async (workspaceId: string) =>
  (await db.select().from(deliveries).where(eq(deliveries.workspaceId, workspaceId))).filter(
    (d) => d.status === "sent",
  ).length;

/** A workspace of one sender, its plan and credits as given. */
async function sender(overrides: SignedInOverrides) {
  const { user, workspace } = await createSignedInUser({ senderName: "Ana Pérez", ...overrides });
  return { user, workspace };
}

/** One e-mail reminder after another, each in its own batch (its own debit). */
async function sendOneByOne(workspaceId: string, count: number) {
  for (let i = 0; i < count; i++) {
    const before = await sentCount(workspaceId);
    const [contact] = await db
      .insert(contacts)
      .values({ workspaceId, name: "Ben", email: `ben-${i}-${Date.now()}@example.org` })
      .returning();
    const at = new Date(Date.now() + 50);
    await db.insert(reminders).values({
      workspaceId,
      contactId: contact.id,
      type: "text",
      message: `Reminder ${i}`,
      deliveryMethod: "email",
      scheduleType: "once",
      scheduledFor: at,
      nextRunAt: at,
    });
    await waitFor(async () => (await sentCount(workspaceId)) === before + 1);
  }
}

it("the delivery that takes the credit under the threshold recharges the saved card once per dip", async () => {
  const customer = await getStripe().customers.create({ email: "payg-engine@example.com" });
  // $5.02 with a $5.00 threshold: the third of six sends dips under it, the next three stay under.
  const { workspace } = await sender({
    planType: "payg",
    subscriptionStatus: "active",
    paygCreditBalance: 502,
    stripeCustomerId: customer.id,
    autoRechargeEnabled: true,
    autoRechargePackageIndex: 0,
    autoRechargeThresholdCents: 500,
  });
  await sendOneByOne(workspace.id, 6);
  await waitFor(async () => stripe.requestsTo("POST", "/v1/payment_intents").length >= 1);
  // Give any late caller the chance to show up before counting.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const charges = stripe.requestsTo("POST", "/v1/payment_intents");
  expect(charges).toHaveLength(1);
  expect(charges[0].params).toMatchObject({
    amount: "2000",
    customer: customer.id,
    off_session: "true",
    confirm: "true",
    metadata: { workspaceId: workspace.id, kind: "auto_recharge", creditPackageIndex: "0" },
  });

  // Stripe's event brings the credits; sends above the threshold charge nothing.
  const [intent] = [...stripe.paymentIntents.values()];
  await deliverEvent(stripeEvent("payment_intent.succeeded", intent));
  const [topped] = await db.select().from(workspaces).where(eq(workspaces.id, workspace.id));
  expect(topped.paygCreditBalance).toBe(502 - 6 + 2000);
  await db.update(workspaces).set({ paygCreditBalance: 503 }).where(eq(workspaces.id, workspace.id));
  await sendOneByOne(workspace.id, 2);
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(stripe.requestsTo("POST", "/v1/payment_intents")).toHaveLength(1);

  // The next dip is a new recharge.
  await sendOneByOne(workspace.id, 3);
  await waitFor(async () => stripe.requestsTo("POST", "/v1/payment_intents").length >= 2);
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(stripe.requestsTo("POST", "/v1/payment_intents")).toHaveLength(2);
});

it("a subscriber whose credits carry sends past the quota is recharged on the dip too, and keeps the plan", async () => {
  const customer = await getStripe().customers.create({ email: "starter-engine@example.com" });
  const { workspace } = await sender({
    planType: "starter",
    subscriptionStatus: "active",
    stripeCustomerId: customer.id,
    stripeSubscriptionId: "sub_starter_engine",
    remindersQuota: 500,
    remindersUsedCurrentPeriod: 500,
    paygCreditBalance: 501,
    autoRechargeEnabled: true,
    autoRechargePackageIndex: 0,
    autoRechargeThresholdCents: 500,
  });
  const mine = () =>
    stripe
      .requestsTo("POST", "/v1/payment_intents")
      .filter((r) => (r.params.metadata as Record<string, string> | undefined)?.workspaceId === workspace.id);
  // $5.01 with a $5.00 threshold: the second send dips under it, the third stays under.
  await sendOneByOne(workspace.id, 3);
  await waitFor(async () => mine().length >= 1);
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(mine()).toHaveLength(1);
  const intent = [...stripe.paymentIntents.values()].find(
    (i) => (i.metadata as Record<string, string>).workspaceId === workspace.id,
  );
  if (!intent) throw new Error("no payment intent for the subscriber");
  await deliverEvent(stripeEvent("payment_intent.succeeded", intent));
  const [after] = await db.select().from(workspaces).where(eq(workspaces.id, workspace.id));
  expect(after).toMatchObject({
    planType: "starter",
    remindersUsedCurrentPeriod: 500,
    paygCreditBalance: 501 - 3 + 2000,
  });
});
