import "server-only";
import { count, eq } from "drizzle-orm";
import { contacts, type Workspace } from "@/db/schema";
import { db } from "@/lib/db";
import { logger } from "@/lib/logger";
import { getStripe, isStripeConfigured } from "@/lib/payments/stripe-client";
import { paymentsState } from "@/lib/payments/payments-state";
import { seatLimit } from "@/lib/plans/seat-limit";
import { seatsTaken } from "@/lib/team/seats-taken";

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

/**
 * What the billing screen shows besides the workspace's own plan state: its contact count, its
 * members (and open invitations) against its seats, and the saved card.
 */
export async function getBillingOverview(workspace: Workspace) {
  const [[contactRow], seats, card] = await Promise.all([
    db.select({ n: count() }).from(contacts).where(eq(contacts.workspaceId, workspace.id)),
    seatsTaken(db, workspace.id),
    savedCard(workspace.stripeCustomerId),
  ]);
  return {
    contactsCount: contactRow?.n ?? 0,
    seats: { used: seats.members + seats.invited, members: seats.members, limit: seatLimit(workspace) },
    card,
    payments: paymentsState(),
  };
}
