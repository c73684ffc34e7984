import "server-only";
import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { users, workspaceMembers, type Workspace } from "@/db/schema";
import type { WorkspaceRole } from "@/db/schema/enums";
import type { Transaction } from "@/lib/db";
import type { Actor } from "@/lib/workspaces/actor";

/**
 * Who the activity trail names for a change Stripe reports: the member who started the checkout
 * (`startedBy` in its metadata), while their account exists; null for what nobody started from
 * the app (a renewal, a change in Stripe's portal, a refund).
 */
export async function metadataActor(
  tx: Transaction,
  workspace: Workspace,
  metadata: Stripe.Metadata | null | undefined,
): Promise<Actor | null> {
  const userId = metadata?.startedBy;
  if (!userId) return null;
  const [row] = await tx
    .select({ user: users, role: workspaceMembers.role })
    .from(users)
    .leftJoin(
      workspaceMembers,
      and(eq(workspaceMembers.userId, users.id), eq(workspaceMembers.workspaceId, workspace.id)),
    )
    .where(eq(users.id, userId));
  if (!row) return null;
  // The role is not recorded; one who has left since reads as a viewer.
  return { user: row.user, workspace, role: (row.role ?? "viewer") as WorkspaceRole };
}
