import "server-only";
import Stripe from "stripe";
import { env } from "@/lib/env";

/**
 * The API version every request and webhook endpoint uses: the one stripe@23.1.0 is typed for.
 * The code reads the shapes since 2025-03-31.basil (subscription periods on the items, invoice's
 * subscription under `parent.subscription_details`); the webhook endpoint must be created with
 * this version too, or its payloads follow the account's default. The SDK types `apiVersion` as
 * its own version only, so upgrading `stripe` fails the typecheck here until this is moved on
 * purpose (after reading Stripe's changelog).
 */
export const STRIPE_API_VERSION = "2026-10-28.endive" as const;

let cached: { key: string; client: Stripe } | undefined;

/** True when a Stripe secret key is set; without one, development uses the demo checkout. */
export function isStripeConfigured(): boolean {
  return Boolean(env.STRIPE_SECRET_KEY);
}

/**
 * The Stripe client built from env (STRIPE_API_HOST/PORT/PROTOCOL point it elsewhere, e.g. at
 * the loopback server in tests). Built on first use, so importing this never needs a key.
 */
export function getStripe(): Stripe {
  const secret = env.STRIPE_SECRET_KEY;
  if (!secret) throw new Error("STRIPE_SECRET_KEY is not set");
  const key = [secret, env.STRIPE_API_HOST, env.STRIPE_API_PORT, env.STRIPE_API_PROTOCOL].join("|");
  if (cached?.key !== key) {
    cached = {
      key,
      client: new Stripe(secret, {
        apiVersion: STRIPE_API_VERSION,
        host: env.STRIPE_API_HOST,
        port: env.STRIPE_API_PORT,
        protocol: env.STRIPE_API_PROTOCOL,
        maxNetworkRetries: 2,
        appInfo: { name: "Remindful" },
      }),
    };
  }
  return cached.client;
}

/** Forgets the client so the next call reads env again (tests that move the API host). */
export function resetStripeClient() {
  cached = undefined;
}
