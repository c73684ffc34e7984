import type Stripe from "stripe";
import type { Transaction } from "@/lib/db";
import { checkoutSessionCompleted } from "./checkout-session-completed";
import { customerSubscriptionChanged } from "./customer-subscription-changed";
import { customerSubscriptionDeleted } from "./customer-subscription-deleted";
import { invoicePaid } from "./invoice-paid";
import { invoicePaymentFailed } from "./invoice-payment-failed";
import { paymentIntentSucceeded } from "./payment-intent-succeeded";

export type WebhookHandler = (tx: Transaction, event: Stripe.Event) => Promise<void>;

/** The allow-list: every event type Remindful acts on. Anything else is acknowledged and ignored. */
export const WEBHOOK_HANDLERS: Readonly<Record<string, WebhookHandler>> = {
  "checkout.session.completed": checkoutSessionCompleted,
  "customer.subscription.created": customerSubscriptionChanged,
  "customer.subscription.updated": customerSubscriptionChanged,
  "customer.subscription.deleted": customerSubscriptionDeleted,
  "invoice.paid": invoicePaid,
  "invoice.payment_failed": invoicePaymentFailed,
  "payment_intent.succeeded": paymentIntentSucceeded,
};
