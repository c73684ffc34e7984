import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type Stripe from "stripe";
import { users } from "@/db/schema";
import { db } from "@/lib/db";

interface CustomerOwner {
  id: string;
  email: string;
  stripeCustomerId: string | null;
}

/**
 * The user's Stripe customer, created once. Stripe's idempotency key makes two concurrent first
 * checkouts get the same customer; the id is stored only where none is yet. This is customer
 * linkage, not plan state: plans are still written by webhooks only.
 */
export async function ensureStripeCustomer(stripe: Stripe, user: CustomerOwner): Promise<string> {
  if (user.stripeCustomerId) return user.stripeCustomerId;
  const customer = await stripe.customers.create(
    { email: user.email, metadata: { userId: user.id } },
    { idempotencyKey: `customer-${user.id}` },
  );
  const [stored] = await db
    .update(users)
    .set({ stripeCustomerId: customer.id })
    .where(and(eq(users.id, user.id), isNull(users.stripeCustomerId)))
    .returning({ id: users.stripeCustomerId });
  if (stored?.id) return stored.id;
  const [current] = await db.select({ id: users.stripeCustomerId }).from(users).where(eq(users.id, user.id));
  return current?.id ?? customer.id;
}
