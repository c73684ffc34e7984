import { randomBytes } from "node:crypto";
import Stripe from "stripe";
import { POST } from "@/app/api/stripe/webhook/route";
import { env } from "@/lib/env";
import { callRoute } from "./call-route";

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** An event envelope as Stripe sends it. */
export function stripeEvent(
  type: string,
  object: Record<string, unknown>,
  id = `evt_${randomBytes(8).toString("hex")}`,
) {
  return {
    id,
    object: "event",
    api_version: "2026-10-28.endive",
    created: nowSeconds(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

/** POSTs an event to the webhook route, signed with the SDK's own test-header helper. */
export function deliverEvent(event: object, secret = env.STRIPE_WEBHOOK_SECRET ?? "") {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return callRoute(POST, "/api/stripe/webhook", {
    method: "POST",
    body: payload,
    headers: { "stripe-signature": signature },
  });
}

export function subscriptionObject(options: {
  customer: string;
  userId?: string;
  status: string;
  lookupKey: string;
  periodStart: number;
  periodEnd: number;
  trialEnd?: number | null;
  cancelAtPeriodEnd?: boolean;
  id?: string;
}) {
  return {
    id: options.id ?? `sub_${randomBytes(6).toString("hex")}`,
    object: "subscription",
    customer: options.customer,
    status: options.status,
    metadata: options.userId ? { userId: options.userId } : {},
    cancel_at_period_end: options.cancelAtPeriodEnd ?? false,
    cancel_at: null,
    ended_at: null,
    trial_end: options.trialEnd ?? null,
    items: {
      object: "list",
      data: [
        {
          id: `si_${randomBytes(6).toString("hex")}`,
          object: "subscription_item",
          current_period_start: options.periodStart,
          current_period_end: options.periodEnd,
          price: {
            id: `price_${randomBytes(6).toString("hex")}`,
            object: "price",
            lookup_key: options.lookupKey,
          },
        },
      ],
    },
  };
}

export function invoiceObject(options: {
  customer: string;
  subscription: string;
  periodStart: number;
  periodEnd: number;
  metadata?: Record<string, string>;
  nextPaymentAttempt?: number | null;
}) {
  return {
    id: `in_${randomBytes(6).toString("hex")}`,
    object: "invoice",
    customer: options.customer,
    next_payment_attempt: options.nextPaymentAttempt ?? null,
    parent: {
      type: "subscription_details",
      quote_details: null,
      subscription_details: { subscription: options.subscription, metadata: options.metadata ?? {} },
    },
    lines: {
      object: "list",
      data: [
        { id: "il_1", object: "line_item", period: { start: options.periodStart, end: options.periodEnd } },
      ],
    },
  };
}
