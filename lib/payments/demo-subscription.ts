import "server-only";
import { randomBytes } from "node:crypto";
import type Stripe from "stripe";
import type { PaymentFrequency, PlanType } from "@/db/schema/enums";
import { planLookupKey, seatLookupKey } from "./catalogue";

export const demoId = (prefix: string) => `${prefix}_demo_${randomBytes(8).toString("hex")}`;

export interface DemoSubscriptionInput {
  id: string;
  status: "trialing" | "active";
  customer: string | null;
  metadata: Record<string, string>;
  planType: PlanType;
  frequency: PaymentFrequency;
  extraSeats: number;
  /** Seconds since the epoch, as Stripe writes instants. */
  periodStart: number;
  periodEnd: number;
  trialEnd: number | null;
}

/** An event as Stripe would deliver it, for the demo checkout to feed the webhook path. */
export function demoEvent(type: string, object: object, created: number): Stripe.Event {
  return { id: demoId("evt"), object: "event", type, created, data: { object } } as unknown as Stripe.Event;
}

/**
 * The subscription Stripe would hold after a checkout (demo mode, no Stripe key): the plan's
 * item, and the seat item when members were bought, in the shape the webhook reads.
 */
export function demoSubscription(input: DemoSubscriptionInput) {
  const item = (lookupKey: string, quantity: number) => ({
    id: demoId("si"),
    object: "subscription_item",
    quantity,
    current_period_start: input.periodStart,
    current_period_end: input.periodEnd,
    price: { lookup_key: lookupKey },
  });
  return {
    id: input.id,
    object: "subscription",
    status: input.status,
    customer: input.customer,
    metadata: input.metadata,
    cancel_at_period_end: false,
    cancel_at: null,
    trial_end: input.trialEnd,
    items: {
      object: "list",
      data: [
        item(planLookupKey(input.planType, input.frequency), 1),
        ...(input.extraSeats > 0 ? [item(seatLookupKey(input.frequency), input.extraSeats)] : []),
      ],
    },
  };
}
