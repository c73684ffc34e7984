import "server-only";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { workspaces, type Workspace } from "@/db/schema";
import type { Transaction } from "@/lib/db";

type Ref = string | { id: string } | null | undefined;

export const refId = (ref: Ref) => (typeof ref === "string" ? ref : (ref?.id ?? null));

export interface BillingRef {
  /** The object's metadata: `workspaceId`, or `userId` on what was sold before workspaces existed. */
  metadata?: Stripe.Metadata | null;
  /** A Checkout Session's client_reference_id: the workspace's id (a person's before workspaces). */
  clientReferenceId?: string | null;
  customer?: Ref;
}

async function lockWorkspace(tx: Transaction, where: ReturnType<typeof eq>): Promise<Workspace | null> {
  const [workspace] = await tx.select().from(workspaces).where(where).for("update").limit(1);
  return workspace ?? null;
}

/**
 * The workspace a Stripe event bills, locked for the rest of the transaction: by the id our
 * checkout put in the metadata (`workspaceId`; subscriptions sold before workspaces carry
 * `userId`, which is the id of that person's own workspace), else by the Stripe customer the
 * workspace holds.
 */
export async function findBillingWorkspace(tx: Transaction, ref: BillingRef): Promise<Workspace | null> {
  const id = ref.metadata?.workspaceId || ref.metadata?.userId || ref.clientReferenceId;
  if (id) {
    const workspace = await lockWorkspace(tx, eq(workspaces.id, id));
    if (workspace) return workspace;
  }
  const customerId = refId(ref.customer);
  return customerId ? lockWorkspace(tx, eq(workspaces.stripeCustomerId, customerId)) : null;
}
