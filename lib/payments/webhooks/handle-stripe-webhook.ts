import "server-only";
import Stripe from "stripe";
import { DomainError, invalidInput } from "@/lib/errors/domain-error";
import { env } from "@/lib/env";
import { logger } from "@/lib/logger";
import { STRIPE_API_VERSION } from "../stripe-client";
import { processStripeEvent } from "./process-stripe-event";

/** POST /api/stripe/webhook: verify the signature on the raw body, then apply the event once. */
export async function handleStripeWebhook(rawBody: string, signature: string | null) {
  const secret = env.STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new DomainError("unavailable", "Stripe webhooks are not configured");
  if (!signature) throw invalidInput("Missing Stripe-Signature header");
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    throw invalidInput("Invalid Stripe signature");
  }
  if (event.api_version !== STRIPE_API_VERSION) {
    // Payload shapes follow the endpoint's version: a mismatch is a setup error worth seeing.
    logger.warn("stripe.webhook_api_version", { eventId: event.id, apiVersion: event.api_version });
  }
  const outcome = await processStripeEvent(event);
  logger.info("stripe.webhook", { eventId: event.id, type: event.type, outcome });
  return { received: true, outcome };
}
