import "server-only";
import type Stripe from "stripe";

/** The start of the service period an invoice bills (its first line), or null. */
export function invoicePeriodStart(invoice: Stripe.Invoice): Date | null {
  const start = invoice.lines.data[0]?.period.start;
  return start ? new Date(start * 1000) : null;
}

/** True when a newer or the same period was already paid: the invoice's news is old. */
export function isSettledPeriod(invoice: Stripe.Invoice, paidThrough: Date | null): boolean {
  const start = invoicePeriodStart(invoice);
  return Boolean(start && paidThrough && start <= paidThrough);
}
