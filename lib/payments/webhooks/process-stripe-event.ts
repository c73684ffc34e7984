import "server-only";
import type Stripe from "stripe";
import { stripeEvents } from "@/db/schema";
import { db } from "@/lib/db";
import { WEBHOOK_HANDLERS } from "./handlers";

export type EventOutcome = "processed" | "duplicate" | "ignored";

/**
 * Applies one verified event exactly once: its id goes into stripe_events in the same
 * transaction as its effects. A concurrent duplicate waits on that row and then finds it.
 */
export async function processStripeEvent(event: Stripe.Event): Promise<EventOutcome> {
  const handler = Object.hasOwn(WEBHOOK_HANDLERS, event.type) ? WEBHOOK_HANDLERS[event.type] : undefined;
  if (!handler) return "ignored";
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (claimed.length === 0) return "duplicate";
    await handler(tx, event);
    return "processed";
  });
}
