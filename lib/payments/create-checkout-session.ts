import "server-only";
import type Stripe from "stripe";
import { CREDIT_PACKAGES, TRIAL_DAYS } from "@/config/plans";
import { DomainError } from "@/lib/errors/domain-error";
import { env } from "@/lib/env";
import type { User } from "@/db/schema";
import type { CheckoutInput } from "@/lib/validations/checkout";
import { packageLookupKey, planHasTrial, planLookupKey } from "./catalogue";
import { demoCheckoutUrl, isDemoCheckoutEnabled } from "./demo-checkout";
import { ensureStripeCustomer } from "./ensure-stripe-customer";
import { findPriceId } from "./find-price-id";
import { getStripe, isStripeConfigured } from "./stripe-client";

/** Metadata every session, subscription and payment carries, so webhooks find the user. */
export function checkoutMetadata(user: Pick<User, "id">, input: CheckoutInput): Record<string, string> {
  return input.planType === "payg"
    ? { userId: user.id, kind: "credits", creditPackageIndex: String(input.creditPackageIndex ?? 0) }
    : { userId: user.id, kind: "plan", planType: input.planType, paymentFrequency: input.paymentFrequency };
}

/**
 * Stripe Tax on Checkout (STRIPE_AUTOMATIC_TAX): tax from the buyer's address and a tax id field
 * for businesses. Our sessions always name an existing customer, so the address and business
 * name entered on the page are saved to it (Stripe requires that for both features).
 */
export function taxParams(): Partial<Stripe.Checkout.SessionCreateParams> {
  if (!env.STRIPE_AUTOMATIC_TAX) return {};
  return {
    automatic_tax: { enabled: true },
    tax_id_collection: { enabled: true },
    customer_update: { address: "auto", name: "auto" },
  };
}

/**
 * A Stripe Checkout Session for a plan (subscription mode, with the catalogue's free trial and
 * no card required during it) or a credit package (payment mode, card saved for auto-recharge).
 * Without a Stripe key outside production, the url leads to the in-app demo checkout.
 */
export async function createCheckoutSession(user: User, input: CheckoutInput): Promise<{ url: string }> {
  if (isDemoCheckoutEnabled()) return { url: demoCheckoutUrl(input) };
  if (!isStripeConfigured())
    throw new DomainError("unavailable", {
      code: "payments_not_configured",
      message: "Payments are not configured",
    });
  const stripe = getStripe();
  const customer = await ensureStripeCustomer(stripe, user);
  const metadata = checkoutMetadata(user, input);
  const common = {
    customer,
    client_reference_id: user.id,
    metadata,
    success_url: `${env.APP_URL}/billing?checkout=success`,
    cancel_url: `${env.APP_URL}/pricing`,
    ...taxParams(),
  } satisfies Stripe.Checkout.SessionCreateParams;

  let params: Stripe.Checkout.SessionCreateParams;
  if (input.planType === "payg") {
    const pkg = CREDIT_PACKAGES[input.creditPackageIndex ?? 0];
    params = {
      ...common,
      mode: "payment",
      line_items: [{ price: await findPriceId(stripe, packageLookupKey(pkg)), quantity: 1 }],
      // The saved card pays auto-recharges off-session later.
      payment_intent_data: { metadata, setup_future_usage: "off_session" },
    };
  } else {
    // One free trial per customer: a user who has had a subscription pays from day one.
    const trial = planHasTrial(input.planType, input.paymentFrequency) && !user.stripeSubscriptionId;
    params = {
      ...common,
      mode: "subscription",
      line_items: [
        {
          price: await findPriceId(stripe, planLookupKey(input.planType, input.paymentFrequency)),
          quantity: 1,
        },
      ],
      subscription_data: {
        metadata,
        ...(trial
          ? {
              trial_period_days: TRIAL_DAYS,
              trial_settings: { end_behavior: { missing_payment_method: "cancel" } },
            }
          : {}),
      },
      ...(trial ? { payment_method_collection: "if_required" } : {}),
    };
  }
  const session = await stripe.checkout.sessions.create(params);
  if (!session.url) throw new DomainError("upstream_failed", "Stripe returned no checkout url");
  return { url: session.url };
}
