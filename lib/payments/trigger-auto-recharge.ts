import "server-only";
import { and, count, eq } from "drizzle-orm";
import Stripe from "stripe";
import { CREDIT_PACKAGES } from "@/config/plans";
import { creditLedger, workspaces } from "@/db/schema";
import { db } from "@/lib/db";
import { logger } from "@/lib/logger";
import { isDemoCheckoutEnabled } from "./demo-checkout";
import { getStripe, isStripeConfigured } from "./stripe-client";
import { processStripeEvent } from "./webhooks/process-stripe-event";

export type AutoRechargeOutcome = "not_needed" | "charged" | "declined" | "unavailable";

/**
 * Call after a debit commits. When the balance is under the workspace's threshold, buys the chosen
 * package once with the saved card, off-session. Callers racing on the same low balance send the
 * same Stripe idempotency key (the count of recharges so far), so Stripe charges once; the
 * credits arrive through payment_intent.succeeded. A declined card turns auto-recharge off.
 */
export async function triggerAutoRecharge(workspaceId: string): Promise<AutoRechargeOutcome> {
  // Balance and recharge count from one statement (one snapshot): a recharge committed by a
  // concurrent caller shows in both or in neither, so the attempt key below cannot skip ahead.
  const recharges = db
    .select({ workspaceId: creditLedger.workspaceId, done: count().as("done") })
    .from(creditLedger)
    .where(and(eq(creditLedger.workspaceId, workspaceId), eq(creditLedger.reason, "auto_recharge")))
    .groupBy(creditLedger.workspaceId)
    .as("recharges");
  const [row] = await db
    .select({ workspace: workspaces, done: recharges.done })
    .from(workspaces)
    .leftJoin(recharges, eq(recharges.workspaceId, workspaces.id))
    .where(eq(workspaces.id, workspaceId));
  const workspace = row?.workspace;
  const threshold = workspace?.autoRechargeThresholdCents;
  const pkg = CREDIT_PACKAGES[workspace?.autoRechargePackageIndex ?? -1];
  if (
    !workspace?.autoRechargeEnabled ||
    threshold == null ||
    !pkg ||
    workspace.paygCreditBalance >= threshold
  ) {
    return "not_needed";
  }
  const done = row.done ?? 0;
  // `<workspace id>-<n>`: a personal workspace has its person's id, so keys used before workspaces hold.
  const attempt = `${workspaceId}-${done}`;
  const metadata = {
    workspaceId,
    kind: "auto_recharge",
    creditPackageIndex: String(workspace.autoRechargePackageIndex),
  };

  if (!isStripeConfigured()) {
    if (!isDemoCheckoutEnabled()) return "unavailable";
    // Demo mode: the event a successful charge would send, with ids fixed by the attempt.
    const intent = {
      id: `pi_demo_${attempt}`,
      object: "payment_intent",
      status: "succeeded",
      customer: null,
      metadata,
    };
    await processStripeEvent({
      id: `evt_demo_${attempt}`,
      object: "event",
      type: "payment_intent.succeeded",
      created: Math.floor(Date.now() / 1000),
      data: { object: intent },
    } as unknown as Stripe.Event);
    return "charged";
  }
  if (!workspace.stripeCustomerId) return "unavailable";
  const stripe = getStripe();
  try {
    const methods = await stripe.customers.listPaymentMethods(workspace.stripeCustomerId, {
      type: "card",
      limit: 1,
    });
    const paymentMethod = methods.data[0]?.id;
    if (!paymentMethod) throw new Error("No saved card");
    await stripe.paymentIntents.create(
      {
        amount: pkg.amountCents,
        currency: "usd",
        customer: workspace.stripeCustomerId,
        payment_method: paymentMethod,
        off_session: true,
        confirm: true,
        metadata,
      },
      { idempotencyKey: `auto-recharge-${attempt}` },
    );
    return "charged";
  } catch (error) {
    const declined =
      error instanceof Stripe.errors.StripeCardError || (error as Error).message === "No saved card";
    if (!declined) throw error;
    const reason = (error as Error).message;
    await db
      .update(workspaces)
      .set({ autoRechargeEnabled: false, autoRechargeError: reason })
      .where(eq(workspaces.id, workspaceId));
    logger.warn("billing.auto_recharge_declined", { workspaceId });
    return "declined";
  }
}
