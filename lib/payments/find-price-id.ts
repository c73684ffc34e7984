import "server-only";
import type Stripe from "stripe";
import { DomainError } from "@/lib/errors/domain-error";

/** The active Stripe price behind a lookup key; created by `npm run stripe:sync`. */
export async function findPriceId(stripe: Stripe, lookupKey: string): Promise<string> {
  const prices = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
  const price = prices.data[0];
  if (!price) {
    throw new DomainError("unavailable", `Price ${lookupKey} is missing in Stripe; run npm run stripe:sync`);
  }
  return price.id;
}
