import "server-only";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { PLANS } from "@/config/plans";
import { workspaces } from "@/db/schema";
import { PLAN_TYPES, type PlanType } from "@/db/schema/enums";
import type { Transaction } from "@/lib/db";
import { findBillingWorkspace } from "./find-billing-workspace";
import { invoicePeriodStart, isSettledPeriod } from "./invoice-period-start";
import { invoiceSubscription } from "./invoice-subscription";

const SUBSCRIPTION_PLANS = new Set<PlanType>(["personal", "starter", "professional", "business"]);

/** Invoices that open a billing period; prorations (subscription_update) and others do not. */
const NEW_PERIOD_REASONS = new Set<string>(["subscription_cycle", "subscription_create"]);

/**
 * A paid invoice that opens a new billing period: dates, quota, used count back to 0, once per
 * period (a period not after the newest one applied changes nothing, so replays and late
 * deliveries never reset usage twice). Any paid invoice clears a pending payment action.
 */
export async function invoicePaid(tx: Transaction, event: Stripe.Event) {
  const invoice = event.data.object as Stripe.Invoice;
  const subscription = invoiceSubscription(invoice);
  if (!subscription.id) return;
  const workspace = await findBillingWorkspace(tx, {
    metadata: subscription.metadata,
    customer: invoice.customer,
  });
  if (!workspace) return;
  if (workspace.stripeSubscriptionId && workspace.stripeSubscriptionId !== subscription.id) return;
  const period = invoice.lines.data[0]?.period;
  const start = invoicePeriodStart(invoice);
  const newPeriod =
    period &&
    start &&
    NEW_PERIOD_REASONS.has(invoice.billing_reason ?? "") &&
    !isSettledPeriod(invoice, workspace.stripeInvoicePeriodStart);
  const settled =
    workspace.paymentIssue === "action_required" ? { paymentIssue: null, paymentActionUrl: null } : {};
  if (!newPeriod) {
    if (Object.keys(settled).length > 0)
      await tx.update(workspaces).set(settled).where(eq(workspaces.id, workspace.id));
    return;
  }
  // The plan as the subscription events set it; the checkout metadata when this invoice came first.
  const metaPlan = subscription.metadata.planType as PlanType | undefined;
  const planType = SUBSCRIPTION_PLANS.has(workspace.planType as PlanType)
    ? (workspace.planType as PlanType)
    : metaPlan && PLAN_TYPES.includes(metaPlan)
      ? metaPlan
      : null;
  const end = new Date(period.end * 1000);
  await tx
    .update(workspaces)
    .set({
      billingPeriodStart: start,
      billingPeriodEnd: end,
      nextBillingDate: workspace.subscriptionStatus === "cancelled" ? null : end,
      remindersUsedCurrentPeriod: 0,
      stripeSubscriptionId: subscription.id,
      stripeInvoicePeriodStart: start,
      ...settled,
      ...(planType ? { remindersQuota: PLANS[planType].remindersLimit ?? 0 } : {}),
    })
    .where(eq(workspaces.id, workspace.id));
}
