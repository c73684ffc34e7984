import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type Stripe from "stripe";
import { workspaces, type Workspace } from "@/db/schema";
import { db } from "@/lib/db";

/**
 * The workspace's Stripe customer, created once, named after the workspace and reaching its
 * owner's address (`email`: the member paying, the owner). Stripe's idempotency key makes two
 * concurrent first checkouts get the same customer; the id is stored only where none is yet.
 * This is customer linkage, not plan state: plans are still written by webhooks only.
 */
export async function ensureStripeCustomer(
  stripe: Stripe,
  workspace: Pick<Workspace, "id" | "name" | "stripeCustomerId">,
  email: string,
): Promise<string> {
  if (workspace.stripeCustomerId) return workspace.stripeCustomerId;
  // `customer-<id>`: a personal workspace has its person's id, so a key used before workspaces holds.
  const customer = await stripe.customers.create(
    { email, name: workspace.name, metadata: { workspaceId: workspace.id } },
    { idempotencyKey: `customer-${workspace.id}` },
  );
  const [stored] = await db
    .update(workspaces)
    .set({ stripeCustomerId: customer.id })
    .where(and(eq(workspaces.id, workspace.id), isNull(workspaces.stripeCustomerId)))
    .returning({ id: workspaces.stripeCustomerId });
  if (stored?.id) return stored.id;
  const [current] = await db
    .select({ id: workspaces.stripeCustomerId })
    .from(workspaces)
    .where(eq(workspaces.id, workspace.id));
  return current?.id ?? customer.id;
}
