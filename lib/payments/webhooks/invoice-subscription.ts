import "server-only";
import type Stripe from "stripe";
import { refId } from "./find-billing-workspace";

/** The subscription an invoice bills, and the metadata it carried (the API's `parent` shape). */
export function invoiceSubscription(invoice: Stripe.Invoice) {
  const details = invoice.parent?.subscription_details;
  return { id: refId(details?.subscription), metadata: details?.metadata ?? {} };
}
