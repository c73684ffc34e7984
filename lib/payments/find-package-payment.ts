import "server-only";
import type Stripe from "stripe";
import { CREDIT_PACKAGES } from "@/config/plans";
import { refId } from "./webhooks/find-billing-workspace";
import { getStripe } from "./stripe-client";

export interface PackagePayment {
  /** The payment's metadata: which workspace it credited (`workspaceId`, or `userId` before workspaces). */
  metadata: Stripe.Metadata;
  packageIndex: number;
  /** What the payment charged, in cents (taxes included). */
  amount: number;
}

const PACKAGE_KINDS = new Set(["credits", "auto_recharge"]);

function fromMetadata(metadata: Stripe.Metadata | null | undefined, amount: number): PackagePayment | null {
  if (!metadata || !PACKAGE_KINDS.has(metadata.kind ?? "")) return null;
  const packageIndex = Number(metadata.creditPackageIndex);
  if (!Number.isInteger(packageIndex) || !CREDIT_PACKAGES[packageIndex]) return null;
  return { metadata, packageIndex, amount };
}

/**
 * The credit package a payment bought, from the metadata our checkout and auto-recharge put on
 * the PaymentIntent (read from the charge when it carries it, else fetched from Stripe). Null
 * for payments that are not credit packages (subscriptions).
 */
export async function findPackagePayment(source: {
  metadata?: Stripe.Metadata | null;
  amount?: number;
  paymentIntent: string | { id: string } | null | undefined;
}): Promise<PackagePayment | null> {
  if (source.amount !== undefined) {
    const direct = fromMetadata(source.metadata, source.amount);
    if (direct) return direct;
  }
  const intentId = refId(source.paymentIntent);
  if (!intentId) return null;
  const intent = await getStripe().paymentIntents.retrieve(intentId);
  return fromMetadata(intent.metadata, intent.amount);
}
