import "server-only";
import { env } from "@/lib/env";
import { isStripeConfigured } from "./stripe-client";
import type { CheckoutInput } from "@/lib/validations/checkout";

/** Where the demo checkout (no Stripe key, not production) shows the order. */
export function demoCheckoutUrl(input: CheckoutInput): string {
  const url = new URL("/checkout/demo", env.APP_URL);
  url.searchParams.set("plan", input.planType);
  if (input.planType === "payg") url.searchParams.set("package", String(input.creditPackageIndex ?? 0));
  else {
    url.searchParams.set("frequency", input.paymentFrequency);
    if (input.extraSeats > 0) url.searchParams.set("seats", String(input.extraSeats));
  }
  return url.toString();
}

/** Without a Stripe key the demo checkout stands in, except in production (unless forced for e2e). */
export function isDemoCheckoutEnabled(): boolean {
  return !isStripeConfigured() && (env.NODE_ENV !== "production" || env.STRIPE_DEMO_CHECKOUT);
}
