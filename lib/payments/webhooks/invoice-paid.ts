import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { PLANS } from "@/config/plans";
import { users } from "@/db/schema";
import { PLAN_TYPES, type PlanType } from "@/db/schema/enums";
import type { Transaction } from "@/lib/db";
import { findBillingUser } from "./find-billing-user";
import { invoiceSubscription } from "./invoice-subscription";

const SUBSCRIPTION_PLANS = new Set<PlanType>(["personal", "starter", "professional", "business"]);

/** A paid subscription invoice opens a new billing period: dates, quota, used count back to 0. */
export async function invoicePaid(tx: Transaction, event: Stripe.Event) {
  const invoice = event.data.object as Stripe.Invoice;
  const subscription = invoiceSubscription(invoice);
  if (!subscription.id) return;
  const user = await findBillingUser(tx, {
    userId: subscription.metadata.userId,
    customer: invoice.customer,
  });
  if (!user) return;
  if (user.stripeSubscriptionId && user.stripeSubscriptionId !== subscription.id) return;
  const period = invoice.lines.data[0]?.period;
  if (!period) return;
  // The plan as the subscription events set it; the checkout metadata when this invoice came first.
  const metaPlan = subscription.metadata.planType as PlanType | undefined;
  const planType = SUBSCRIPTION_PLANS.has(user.planType as PlanType)
    ? (user.planType as PlanType)
    : metaPlan && PLAN_TYPES.includes(metaPlan)
      ? metaPlan
      : null;
  const end = new Date(period.end * 1000);
  await tx
    .update(users)
    .set({
      billingPeriodStart: new Date(period.start * 1000),
      billingPeriodEnd: end,
      nextBillingDate: user.subscriptionStatus === "cancelled" ? null : end,
      remindersUsedCurrentPeriod: 0,
      stripeSubscriptionId: subscription.id,
      ...(planType ? { remindersQuota: PLANS[planType].remindersLimit ?? 0 } : {}),
    })
    .where(eq(users.id, user.id));
}
