import "server-only";
import { eq } from "drizzle-orm";
import { users } from "@/db/schema";
import type { Transaction } from "@/lib/db";

type Ref = string | { id: string } | null | undefined;

export const refId = (ref: Ref) => (typeof ref === "string" ? ref : (ref?.id ?? null));

/**
 * The user an event is about, locked for the rest of the transaction: by our user id (metadata
 * or client_reference_id) first, else by the Stripe customer id stored at checkout.
 */
export async function findBillingUser(tx: Transaction, ref: { userId?: string | null; customer?: Ref }) {
  const customerId = refId(ref.customer);
  const where = ref.userId
    ? eq(users.id, ref.userId)
    : customerId
      ? eq(users.stripeCustomerId, customerId)
      : undefined;
  if (!where) return null;
  const [user] = await tx.select().from(users).where(where).for("update").limit(1);
  return user ?? null;
}
