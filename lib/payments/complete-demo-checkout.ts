import "server-only";
import { PLANS, TRIAL_DAYS } from "@/config/plans";
import { notFound } from "@/lib/errors/domain-error";
import type { CheckoutInput } from "@/lib/validations/checkout";
import type { Actor } from "@/lib/workspaces/actor";
import { planHasTrial } from "./catalogue";
import { checkoutMetadata } from "./create-checkout-session";
import { isDemoCheckoutEnabled } from "./demo-checkout";
import { demoEvent, demoId, demoSubscription } from "./demo-subscription";
import { processStripeEvent } from "./webhooks/process-stripe-event";

const DAY = 86_400;

function addMonths(seconds: number, months: number): number {
  const date = new Date(seconds * 1000);
  date.setUTCMonth(date.getUTCMonth() + months);
  return Math.floor(date.getTime() / 1000);
}

/**
 * The demo checkout's 'Complete test payment' (no Stripe key, not production): it feeds the
 * webhook path the events Stripe would send for the actor's workspace, so the same handlers
 * apply the purchase (plan, members bought, credits) and write the same trail lines.
 */
export async function completeDemoCheckout(actor: Actor, input: CheckoutInput, now = new Date()) {
  if (!isDemoCheckoutEnabled()) throw notFound();
  const { workspace } = actor;
  const created = Math.floor(now.getTime() / 1000);
  const metadata = checkoutMetadata(actor, input);
  if (input.planType === "payg") {
    const session = {
      id: demoId("cs"),
      object: "checkout.session",
      mode: "payment",
      payment_status: "paid",
      customer: workspace.stripeCustomerId,
      client_reference_id: workspace.id,
      subscription: null,
      metadata,
    };
    await processStripeEvent(demoEvent("checkout.session.completed", session, created));
    return { planType: input.planType };
  }
  const trial = planHasTrial(input.planType, input.paymentFrequency) && !workspace.stripeSubscriptionId;
  const months = PLANS[input.planType].prices[input.paymentFrequency]?.months ?? 1;
  const periodEnd = trial ? created + TRIAL_DAYS * DAY : addMonths(created, months);
  const subscription = demoSubscription({
    id: demoId("sub"),
    status: trial ? "trialing" : "active",
    customer: workspace.stripeCustomerId,
    metadata,
    planType: input.planType,
    frequency: input.paymentFrequency,
    extraSeats: input.extraSeats,
    periodStart: created,
    periodEnd,
    trialEnd: trial ? periodEnd : null,
  });
  const invoice = {
    id: demoId("in"),
    object: "invoice",
    // The first invoice of a subscription, as Stripe sends it: it opens the first period.
    billing_reason: "subscription_create",
    customer: workspace.stripeCustomerId,
    next_payment_attempt: null,
    parent: { subscription_details: { subscription: subscription.id, metadata } },
    lines: { object: "list", data: [{ period: { start: created, end: periodEnd } }] },
  };
  await processStripeEvent(demoEvent("customer.subscription.created", subscription, created));
  await processStripeEvent(demoEvent("invoice.paid", invoice, created));
  return { planType: input.planType };
}
