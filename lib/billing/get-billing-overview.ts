import "server-only";
import { count, eq } from "drizzle-orm";
import { contacts } from "@/db/schema";
import { db } from "@/lib/db";
import { logger } from "@/lib/logger";
import { getStripe, isStripeConfigured } from "@/lib/payments/stripe-client";
import { paymentsState } from "@/lib/payments/payments-state";
import type { User } from "@/db/schema";

export interface CardSummary {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

async function savedCard(customerId: string | null): Promise<CardSummary | null> {
  if (!customerId || !isStripeConfigured()) return null;
  try {
    const methods = await getStripe().customers.listPaymentMethods(customerId, { type: "card", limit: 1 });
    const card = methods.data[0]?.card;
    return card
      ? { brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year }
      : null;
  } catch (error) {
    // The page still shows everything else when Stripe cannot be reached.
    logger.warn("billing.card_lookup_failed", { error: error instanceof Error ? error : String(error) });
    return null;
  }
}

/** What the billing screen shows: the user's plan state, contact count and saved card. */
export async function getBillingOverview(user: User) {
  const [[contactRow], card] = await Promise.all([
    db.select({ n: count() }).from(contacts).where(eq(contacts.userId, user.id)),
    savedCard(user.stripeCustomerId),
  ]);
  return { contactsCount: contactRow?.n ?? 0, card, payments: paymentsState() };
}
