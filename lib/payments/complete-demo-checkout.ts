import "server-only";
import { randomBytes } from "node:crypto";
import type Stripe from "stripe";
import { PLANS, TRIAL_DAYS } from "@/config/plans";
import { notFound } from "@/lib/errors/domain-error";
import type { User } from "@/db/schema";
import type { CheckoutInput } from "@/lib/validations/checkout";
import { planHasTrial, planLookupKey } from "./catalogue";
import { checkoutMetadata } from "./create-checkout-session";
import { isDemoCheckoutEnabled } from "./demo-checkout";
import { processStripeEvent } from "./webhooks/process-stripe-event";

const DAY = 86_400;
const id = (prefix: string) => `${prefix}_demo_${randomBytes(8).toString("hex")}`;

function event(type: string, object: object, created: number): Stripe.Event {
  return { id: id("evt"), object: "event", type, created, data: { object } } as unknown as Stripe.Event;
}

function addMonths(seconds: number, months: number): number {
  const date = new Date(seconds * 1000);
  date.setUTCMonth(date.getUTCMonth() + months);
  return Math.floor(date.getTime() / 1000);
}

/**
 * The demo checkout's 'Complete test payment' (no Stripe key, not production): it feeds the
 * webhook path the events Stripe would send, so the same handlers apply the purchase.
 */
export async function completeDemoCheckout(user: User, input: CheckoutInput, now = new Date()) {
  if (!isDemoCheckoutEnabled()) throw notFound();
  const created = Math.floor(now.getTime() / 1000);
  const metadata = checkoutMetadata(user, input);
  if (input.planType === "payg") {
    const session = {
      id: id("cs"),
      object: "checkout.session",
      mode: "payment",
      payment_status: "paid",
      customer: user.stripeCustomerId,
      client_reference_id: user.id,
      subscription: null,
      metadata,
    };
    await processStripeEvent(event("checkout.session.completed", session, created));
    return { planType: input.planType };
  }
  const trial = planHasTrial(input.planType, input.paymentFrequency) && !user.stripeSubscriptionId;
  const months = PLANS[input.planType].prices[input.paymentFrequency]?.months ?? 1;
  const periodEnd = trial ? created + TRIAL_DAYS * DAY : addMonths(created, months);
  const subscription = {
    id: id("sub"),
    object: "subscription",
    status: trial ? "trialing" : "active",
    customer: user.stripeCustomerId,
    metadata,
    cancel_at_period_end: false,
    cancel_at: null,
    trial_end: trial ? periodEnd : null,
    items: {
      object: "list",
      data: [
        {
          current_period_start: created,
          current_period_end: periodEnd,
          price: { lookup_key: planLookupKey(input.planType, input.paymentFrequency) },
        },
      ],
    },
  };
  const invoice = {
    id: id("in"),
    object: "invoice",
    // The first invoice of a subscription, as Stripe sends it: it opens the first period.
    billing_reason: "subscription_create",
    customer: user.stripeCustomerId,
    next_payment_attempt: null,
    parent: { subscription_details: { subscription: subscription.id, metadata } },
    lines: { object: "list", data: [{ period: { start: created, end: periodEnd } }] },
  };
  await processStripeEvent(event("customer.subscription.created", subscription, created));
  await processStripeEvent(event("invoice.paid", invoice, created));
  return { planType: input.planType };
}
