import "server-only";
import { isDemoCheckoutEnabled } from "./demo-checkout";
import { isStripeConfigured } from "./stripe-client";

/**
 * How this deployment takes payments: through Stripe, through the in-app demo checkout
 * (development, the e2e suite), or not at all (production without STRIPE_SECRET_KEY), where
 * every paid button says so instead of leading to a checkout that cannot open.
 */
export type PaymentsState = "stripe" | "demo" | "unavailable";

export function paymentsState(): PaymentsState {
  if (isStripeConfigured()) return "stripe";
  return isDemoCheckoutEnabled() ? "demo" : "unavailable";
}
