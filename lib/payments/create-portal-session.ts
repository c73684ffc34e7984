import "server-only";
import type Stripe from "stripe";
import { conflict, DomainError } from "@/lib/errors/domain-error";
import { env } from "@/lib/env";
import type { Actor } from "@/lib/workspaces/actor";
import { ensureStripeCustomer } from "./ensure-stripe-customer";
import { getStripe, isStripeConfigured } from "./stripe-client";

export interface PortalOptions {
  /**
   * Open the subscription's update page directly (a portal deep link), where the quantity of
   * the seat item is changed; the portal's configuration must allow quantity changes for it.
   */
  seats?: boolean;
}

/**
 * A Stripe Billing Portal session for the workspace's customer (change card, switch plan or
 * period, change the members bought, cancel) that returns to /billing. Whatever is changed
 * there reaches us through the webhook.
 */
export async function createPortalSession(
  actor: Actor,
  options: PortalOptions = {},
): Promise<{ url: string }> {
  if (!isStripeConfigured())
    throw new DomainError("unavailable", {
      code: "payments_not_configured",
      message: "Payments are in demo mode",
    });
  const { workspace } = actor;
  const subscription = workspace.stripeSubscriptionId;
  if (options.seats && !subscription)
    throw conflict({ code: "no_subscription", message: "Members are bought with a plan: choose one first" });
  const stripe = getStripe();
  const customer = await ensureStripeCustomer(stripe, workspace, actor.user.email);
  const returnUrl = `${env.APP_URL}/billing`;
  const flow: Stripe.BillingPortal.SessionCreateParams.FlowData | undefined =
    options.seats && subscription
      ? {
          type: "subscription_update",
          subscription_update: { subscription },
          after_completion: { type: "redirect", redirect: { return_url: `${returnUrl}?seats=updated` } },
        }
      : undefined;
  const session = await stripe.billingPortal.sessions.create({
    customer,
    return_url: returnUrl,
    ...(flow ? { flow_data: flow } : {}),
  });
  return { url: session.url };
}
