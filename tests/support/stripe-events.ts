import { randomBytes } from "node:crypto";
import Stripe from "stripe";
import { POST } from "@/app/api/stripe/webhook/route";
import { env } from "@/lib/env";
import { STRIPE_API_VERSION } from "@/lib/payments/stripe-client";
import { callRoute } from "./call-route";

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** An event envelope as Stripe sends it (`created` in seconds: set it to deliver events out of order). */
export function stripeEvent(
  type: string,
  object: Record<string, unknown>,
  id = `evt_${randomBytes(8).toString("hex")}`,
  created = nowSeconds(),
) {
  return {
    id,
    object: "event",
    api_version: STRIPE_API_VERSION,
    created,
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
  /** Our checkout's metadata: the workspace billed. */
  workspaceId?: string;
  /** What subscriptions sold before workspaces carry: the person's (= their own workspace's) id. */
  userId?: string;
  /** Who started the checkout, named in the activity trail. */
  startedBy?: string;
  status: string;
  lookupKey: string;
  periodStart: number;
  periodEnd: number;
  trialEnd?: number | null;
  cancelAtPeriodEnd?: boolean;
  id?: string;
  /** Members bought: a second item, the seat price of `seatLookupKey` with this quantity. */
  extraSeats?: number;
  seatLookupKey?: string;
}) {
  const metadata: Record<string, string> = {};
  if (options.workspaceId) metadata.workspaceId = options.workspaceId;
  if (options.userId) metadata.userId = options.userId;
  if (options.startedBy) metadata.startedBy = options.startedBy;
  const item = (lookupKey: string, quantity: number) => ({
    id: `si_${randomBytes(6).toString("hex")}`,
    object: "subscription_item",
    quantity,
    current_period_start: options.periodStart,
    current_period_end: options.periodEnd,
    price: { id: `price_${randomBytes(6).toString("hex")}`, object: "price", lookup_key: lookupKey },
  });
  return {
    id: options.id ?? `sub_${randomBytes(6).toString("hex")}`,
    object: "subscription",
    customer: options.customer,
    status: options.status,
    metadata,
    cancel_at_period_end: options.cancelAtPeriodEnd ?? false,
    cancel_at: null,
    ended_at: null,
    trial_end: options.trialEnd ?? null,
    items: {
      object: "list",
      // The seat item first: Stripe does not promise the items' order, and the plan is found by key.
      data: [
        ...(options.extraSeats
          ? [item(options.seatLookupKey ?? "remindful_seat_monthly", options.extraSeats)]
          : []),
        item(options.lookupKey, 1),
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
  /** subscription_create, subscription_cycle (default), subscription_update (prorations), manual... */
  billingReason?: string;
  id?: string;
}) {
  const id = options.id ?? `in_${randomBytes(6).toString("hex")}`;
  return {
    id,
    object: "invoice",
    customer: options.customer,
    billing_reason: options.billingReason ?? "subscription_cycle",
    hosted_invoice_url: `https://invoice.stripe.test/i/${id}`,
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

/** A card charge as Stripe sends it in charge.* events (refunds: `amount_refunded` is cumulative). */
export function chargeObject(options: {
  customer: string;
  paymentIntent: string;
  amount: number;
  amountRefunded?: number;
  metadata?: Record<string, string>;
  id?: string;
}) {
  const refunded = options.amountRefunded ?? 0;
  return {
    id: options.id ?? `ch_${randomBytes(6).toString("hex")}`,
    object: "charge",
    amount: options.amount,
    amount_captured: options.amount,
    amount_refunded: refunded,
    refunded: refunded >= options.amount,
    captured: true,
    currency: "usd",
    customer: options.customer,
    payment_intent: options.paymentIntent,
    metadata: options.metadata ?? {},
    status: "succeeded",
  };
}

export function disputeObject(options: { charge: string; paymentIntent: string; amount: number }) {
  return {
    id: `dp_${randomBytes(6).toString("hex")}`,
    object: "dispute",
    amount: options.amount,
    charge: options.charge,
    payment_intent: options.paymentIntent,
    currency: "usd",
    reason: "fraudulent",
    status: "needs_response",
  };
}

export function checkoutSessionObject(options: {
  customer: string;
  /** The workspace billed, as our checkout writes it; or `userId`, as sessions before workspaces did. */
  workspaceId?: string;
  userId?: string;
  startedBy?: string;
  paymentStatus: "paid" | "unpaid";
  creditPackageIndex: number;
  id?: string;
}) {
  const owner = options.workspaceId ? { workspaceId: options.workspaceId } : { userId: options.userId ?? "" };
  return {
    id: options.id ?? `cs_test_${randomBytes(6).toString("hex")}`,
    object: "checkout.session",
    mode: "payment",
    status: "complete",
    payment_status: options.paymentStatus,
    customer: options.customer,
    client_reference_id: options.workspaceId ?? options.userId,
    metadata: {
      ...owner,
      ...(options.startedBy ? { startedBy: options.startedBy } : {}),
      kind: "credits",
      creditPackageIndex: String(options.creditPackageIndex),
    },
  };
}
