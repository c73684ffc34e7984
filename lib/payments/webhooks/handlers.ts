import "server-only";
import type Stripe from "stripe";
import type { Transaction } from "@/lib/db";
import { chargeDisputeClosed } from "./charge-dispute-closed";
import { chargeDisputeCreated } from "./charge-dispute-created";
import { chargeRefunded } from "./charge-refunded";
import { checkoutSessionAsyncPaymentFailed } from "./checkout-session-async-payment-failed";
import { checkoutSessionAsyncPaymentSucceeded } from "./checkout-session-async-payment-succeeded";
import { checkoutSessionCompleted } from "./checkout-session-completed";
import { customerSubscriptionChanged } from "./customer-subscription-changed";
import { customerSubscriptionDeleted } from "./customer-subscription-deleted";
import { invoicePaid } from "./invoice-paid";
import { invoicePaymentActionRequired } from "./invoice-payment-action-required";
import { invoicePaymentFailed } from "./invoice-payment-failed";
import { paymentIntentSucceeded } from "./payment-intent-succeeded";

export type WebhookHandler = (tx: Transaction, event: Stripe.Event) => Promise<void>;

/**
 * The allow-list: every event type Remindful acts on (the webhook endpoint in Stripe's dashboard
 * subscribes to exactly these; README lists them). Anything else is acknowledged and ignored.
 */
export const WEBHOOK_HANDLERS: Readonly<Record<string, WebhookHandler>> = {
  "checkout.session.completed": checkoutSessionCompleted,
  "checkout.session.async_payment_succeeded": checkoutSessionAsyncPaymentSucceeded,
  "checkout.session.async_payment_failed": checkoutSessionAsyncPaymentFailed,
  "customer.subscription.created": customerSubscriptionChanged,
  "customer.subscription.updated": customerSubscriptionChanged,
  "customer.subscription.deleted": customerSubscriptionDeleted,
  "invoice.paid": invoicePaid,
  "invoice.payment_failed": invoicePaymentFailed,
  "invoice.payment_action_required": invoicePaymentActionRequired,
  "payment_intent.succeeded": paymentIntentSucceeded,
  "charge.refunded": chargeRefunded,
  "charge.dispute.created": chargeDisputeCreated,
  "charge.dispute.closed": chargeDisputeClosed,
};
