import "server-only";
import { conflict, notFound } from "@/lib/errors/domain-error";
import { db } from "@/lib/db";
import { getPlan } from "@/lib/plans/get-plan";
import type { AddSeatsInput } from "@/lib/validations/seats";
import type { Actor } from "@/lib/workspaces/actor";
import { recordWorkspaceEvent } from "@/lib/workspaces/record-workspace-event";
import type { PaymentFrequency, PlanType } from "@/db/schema/enums";
import { isSeatLookupKey, seatLookupKey } from "./catalogue";
import { isDemoCheckoutEnabled } from "./demo-checkout";
import { demoEvent, demoSubscription } from "./demo-subscription";
import { findPriceId } from "./find-price-id";
import { getStripe, isStripeConfigured } from "./stripe-client";
import { subscriptionPlan } from "./subscription-state";
import { processStripeEvent } from "./webhooks/process-stripe-event";

const LIVE = new Set(["trial", "active"]);
const seconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);

/**
 * 'Add seats' on the billing page: more members on the workspace's running subscription, as
 * the quantity of the seat price of its period (a new item, or a higher quantity of the one it
 * has). Stripe prorates the rest of the period onto the next invoice; the workspace's
 * `extra_seats` changes when Stripe's customer.subscription.updated arrives, like every plan
 * change. Without a Stripe key (demo) the event Stripe would send is fed to the webhook path.
 */
export async function addSeats(actor: Actor, input: AddSeatsInput, now = new Date()) {
  const { workspace } = actor;
  const subscriptionId = workspace.stripeSubscriptionId;
  if (!subscriptionId || !LIVE.has(workspace.subscriptionStatus))
    throw conflict({ code: "no_subscription", message: "Members are bought with a plan: choose one first" });
  if (!getPlan(workspace.planType).extraSeats)
    throw conflict({
      code: "seats_not_in_plan",
      message: "This plan has no extra members: choose a bigger plan",
    });
  const extraSeats = workspace.extraSeats + input.seats;
  await recordWorkspaceEvent(db, workspace.id, actor, {
    kind: "billing.checkout_started",
    subjectId: subscriptionId,
    details: { plan: workspace.planType, seatsAdded: input.seats, extraSeats },
  });
  if (!isStripeConfigured()) {
    if (!isDemoCheckoutEnabled()) throw notFound();
    const subscription = demoSubscription({
      id: subscriptionId,
      status: workspace.subscriptionStatus === "trial" ? "trialing" : "active",
      customer: workspace.stripeCustomerId,
      metadata: { workspaceId: workspace.id },
      planType: workspace.planType as PlanType,
      frequency: (workspace.paymentFrequency ?? "monthly") as PaymentFrequency,
      extraSeats,
      periodStart: seconds(workspace.billingPeriodStart) ?? Math.floor(now.getTime() / 1000),
      periodEnd: seconds(workspace.billingPeriodEnd) ?? Math.floor(now.getTime() / 1000),
      trialEnd: seconds(workspace.trialEndDate),
    });
    await processStripeEvent(
      demoEvent("customer.subscription.updated", subscription, Math.floor(now.getTime() / 1000)),
    );
    return { extraSeats };
  }
  const stripe = getStripe();
  const subscription = await stripe.subscriptions.retrieve(subscriptionId);
  const plan = subscriptionPlan(subscription);
  if (!plan)
    throw conflict({ code: "no_subscription", message: "The subscription has no plan to add members to" });
  const seatItem = subscription.items.data.find((item) => isSeatLookupKey(item.price.lookup_key));
  const current = seatItem?.quantity ?? 0;
  const quantity = current + input.seats;
  await stripe.subscriptions.update(
    subscriptionId,
    {
      items: [
        seatItem
          ? { id: seatItem.id, quantity }
          : { price: await findPriceId(stripe, seatLookupKey(plan.frequency)), quantity },
      ],
      proration_behavior: "create_prorations",
    },
    // The same request twice (a double click) changes the quantity once.
    { idempotencyKey: `seats-${subscriptionId}-${current}-${quantity}` },
  );
  return { extraSeats: quantity };
}
