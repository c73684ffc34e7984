import "server-only";
import { DomainError } from "@/lib/errors/domain-error";
import { env } from "@/lib/env";
import type { User } from "@/db/schema";
import { ensureStripeCustomer } from "./ensure-stripe-customer";
import { getStripe, isStripeConfigured } from "./stripe-client";

/**
 * A Stripe Billing Portal session (change card, switch plan or period, cancel) that returns
 * to /billing. Whatever the user changes there reaches us through the webhook.
 */
export async function createPortalSession(user: User): Promise<{ url: string }> {
  if (!isStripeConfigured())
    throw new DomainError("unavailable", {
      code: "payments_not_configured",
      message: "Payments are in demo mode",
    });
  const stripe = getStripe();
  const customer = await ensureStripeCustomer(stripe, user);
  const session = await stripe.billingPortal.sessions.create({
    customer,
    return_url: `${env.APP_URL}/billing`,
  });
  return { url: session.url };
}
