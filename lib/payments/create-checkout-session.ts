import "server-only";
import type Stripe from "stripe";
import { CREDIT_PACKAGES, TRIAL_DAYS } from "@/config/plans";
import { DomainError } from "@/lib/errors/domain-error";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import type { CheckoutInput } from "@/lib/validations/checkout";
import type { Actor } from "@/lib/workspaces/actor";
import { recordWorkspaceEvent } from "@/lib/workspaces/record-workspace-event";
import { packageLookupKey, planHasTrial, planLookupKey, seatLookupKey } from "./catalogue";
import { demoCheckoutUrl, isDemoCheckoutEnabled } from "./demo-checkout";
import { ensureStripeCustomer } from "./ensure-stripe-customer";
import { findPriceId } from "./find-price-id";
import { getStripe, isStripeConfigured } from "./stripe-client";

/**
 * Metadata every session, subscription and payment carries, so webhooks find the workspace it
 * bills (`workspaceId`) and the trail names who bought it (`startedBy`, a person's id). The key
 * `userId` is never written again: on what was sold before workspaces it names the workspace.
 */
export function checkoutMetadata(actor: Actor, input: CheckoutInput): Record<string, string> {
  const who = { workspaceId: actor.workspace.id, startedBy: actor.user.id };
  return input.planType === "payg"
    ? { ...who, kind: "credits", creditPackageIndex: String(input.creditPackageIndex ?? 0) }
    : {
        ...who,
        kind: "plan",
        planType: input.planType,
        paymentFrequency: input.paymentFrequency,
        extraSeats: String(input.extraSeats),
      };
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

async function recordCheckoutStarted(actor: Actor, input: CheckoutInput, sessionId: string | null) {
  await recordWorkspaceEvent(db, actor.workspace.id, actor, {
    kind: "billing.checkout_started",
    subjectId: sessionId,
    details:
      input.planType === "payg"
        ? { plan: "payg", creditPackageIndex: input.creditPackageIndex ?? 0 }
        : { plan: input.planType, frequency: input.paymentFrequency, extraSeats: input.extraSeats },
  });
}

async function subscriptionItems(stripe: Stripe, input: CheckoutInput) {
  const items: Stripe.Checkout.SessionCreateParams.LineItem[] = [
    { price: await findPriceId(stripe, planLookupKey(input.planType, input.paymentFrequency)), quantity: 1 },
  ];
  // Members beyond the plan's own: the seat price of the same period, as a quantity.
  if (input.extraSeats > 0)
    items.push({
      price: await findPriceId(stripe, seatLookupKey(input.paymentFrequency)),
      quantity: input.extraSeats,
    });
  return items;
}

/**
 * A Stripe Checkout Session for the actor's workspace: a plan (subscription mode, with the
 * catalogue's free trial and no card required during it, and any extra members as a second
 * item) or a credit package (payment mode, card saved for auto-recharge). Without a Stripe key
 * outside production, the url leads to the in-app demo checkout. The trail records who started it.
 */
export async function createCheckoutSession(actor: Actor, input: CheckoutInput): Promise<{ url: string }> {
  if (isDemoCheckoutEnabled()) {
    await recordCheckoutStarted(actor, input, null);
    return { url: demoCheckoutUrl(input) };
  }
  if (!isStripeConfigured())
    throw new DomainError("unavailable", {
      code: "payments_not_configured",
      message: "Payments are not configured",
    });
  const { workspace } = actor;
  const stripe = getStripe();
  const customer = await ensureStripeCustomer(stripe, workspace, actor.user.email);
  const metadata = checkoutMetadata(actor, input);
  const common = {
    customer,
    client_reference_id: workspace.id,
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
    // One free trial per customer: a workspace that has had a subscription pays from day one.
    const trial = planHasTrial(input.planType, input.paymentFrequency) && !workspace.stripeSubscriptionId;
    params = {
      ...common,
      mode: "subscription",
      line_items: await subscriptionItems(stripe, input),
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
  await recordCheckoutStarted(actor, input, session.id);
  return { url: session.url };
}
