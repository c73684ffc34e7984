import "server-only";
import { and, count, eq, inArray, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import Stripe from "stripe";
import { SUBSCRIPTION_PLAN_TYPES } from "@/config/plans";
import {
  media,
  storedObjects,
  users,
  verificationTokens,
  workspaceMembers,
  workspaces,
  type User,
  type Workspace,
} from "@/db/schema";
import type { PlanType } from "@/db/schema/enums";
import { conflict, DomainError, invalidInput } from "@/lib/errors/domain-error";
import { db, type DbOrTx } from "@/lib/db";
import { logger } from "@/lib/logger";
import { getStripe, isStripeConfigured } from "@/lib/payments/stripe-client";
import { getStorage } from "@/lib/storage/get-storage";
import { removeMediaObjects } from "@/lib/media/remove-media-objects";
import type { DeleteAccountInput } from "@/lib/validations/account";

interface Membership {
  workspace: Workspace;
  role: string;
  /** Members besides this person. */
  others: number;
}

/** Every workspace the person belongs to, with how many others belong to it. */
async function memberships(executor: DbOrTx, userId: string): Promise<Membership[]> {
  const other = alias(workspaceMembers, "other");
  const others = executor
    .select({ n: count() })
    .from(other)
    .where(and(eq(other.workspaceId, workspaceMembers.workspaceId), ne(other.userId, userId)));
  const rows = await executor
    .select({
      workspace: workspaces,
      role: workspaceMembers.role,
      others: sql<number>`(${others})`.mapWith(Number),
    })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, userId));
  return rows.map((row) => ({ workspace: row.workspace, role: row.role, others: row.others }));
}

/** Refuses while the person owns a workspace others still work in: its ownership moves first. */
function refuseSharedOwnership(list: Membership[]) {
  const shared = list.find((m) => m.role === "owner" && m.others > 0);
  if (shared)
    throw conflict(
      {
        code: "transfer_ownership_first",
        message: `You own the workspace "${shared.workspace.name}", which has other members: transfer its ownership or remove them first`,
      },
      { workspaceId: shared.workspace.id, workspaceName: shared.workspace.name },
    );
}

/** Ends a workspace's Stripe subscription now, so nothing is charged after it is gone. */
async function cancelSubscription(workspace: Workspace) {
  const id = workspace.stripeSubscriptionId;
  if (!id || !SUBSCRIPTION_PLAN_TYPES.includes(workspace.planType as PlanType) || !isStripeConfigured())
    return;
  try {
    await getStripe().subscriptions.cancel(id, {}, { idempotencyKey: `delete-account-${id}` });
  } catch (error) {
    // Already ended or unknown to Stripe: nothing left to cancel.
    if (error instanceof Stripe.errors.StripeInvalidRequestError) {
      logger.info("account.subscription_already_ended", { subscriptionId: id, code: error.code });
      return;
    }
    logger.error("account.subscription_cancel_failed", { subscriptionId: id, error: error as Error });
    throw new DomainError(
      "upstream_failed",
      "Your subscription could not be cancelled, so nothing was deleted. Please try again.",
    );
  }
}

async function removeFiles(
  keys: string[],
  clips: { id: string; sourceKey: string; uploadId: string | null }[],
) {
  // After the commit: a file whose removal fails is an orphan logged for clean-up, never a row left.
  const storage = getStorage();
  for (const key of keys) {
    try {
      await storage.remove(key);
    } catch (error) {
      logger.warn("storage.remove_failed", { key, error: error instanceof Error ? error : String(error) });
    }
  }
  // Recordings: every rendition and any upload under way (the hourly clean-up catches a failure).
  for (const clip of clips) {
    try {
      await removeMediaObjects(clip);
    } catch (error) {
      logger.warn("media.remove_failed", {
        mediaId: clip.id,
        error: error instanceof Error ? error : String(error),
      });
    }
  }
}

/**
 * "Delete my account" (Terms: you may close your account at any time), open to every role: it
 * is the person's own account. After the typed e-mail matches:
 * - a workspace they own that others still belong to refuses it (409 `transfer_ownership_first`);
 * - each workspace where they are the only member goes, with everything it holds; its Stripe
 *   subscription is cancelled first, and if Stripe cannot be reached nothing is deleted;
 * - their memberships elsewhere end; what they created there stays (its author reads as gone).
 * Rows go in one transaction, stored files and recordings after it. Stripe keeps its own
 * payment records, as the law requires of it.
 */
export async function deleteAccount(user: User, input: DeleteAccountInput) {
  if (input.email.toLowerCase() !== user.email.toLowerCase()) {
    throw invalidInput({
      code: "email_mismatch",
      message: "email: The email address does not match your account",
    });
  }
  const before = await memberships(db, user.id);
  refuseSharedOwnership(before);
  for (const membership of before)
    if (membership.others === 0) await cancelSubscription(membership.workspace);

  const { keys, clips, deletedWorkspaces } = await db.transaction(async (tx) => {
    // The person's workspaces locked, then read again: a member who joined since is counted.
    await tx
      .select({ id: workspaces.id })
      .from(workspaces)
      .where(
        inArray(
          workspaces.id,
          tx
            .select({ id: workspaceMembers.workspaceId })
            .from(workspaceMembers)
            .where(eq(workspaceMembers.userId, user.id)),
        ),
      )
      .for("update");
    const now = await memberships(tx, user.id);
    refuseSharedOwnership(now);
    const alone = now.filter((m) => m.others === 0).map((m) => m.workspace.id);
    const files = alone.length
      ? await tx
          .select({ key: storedObjects.key })
          .from(storedObjects)
          .where(inArray(storedObjects.workspaceId, alone))
      : [];
    const clips = alone.length
      ? await tx
          .select({ id: media.id, sourceKey: media.sourceKey, uploadId: media.uploadId })
          .from(media)
          .where(inArray(media.workspaceId, alone))
      : [];
    // Their workspaces' rows cascade from the workspace; memberships and sessions from the person.
    if (alone.length) await tx.delete(workspaces).where(inArray(workspaces.id, alone));
    await tx.delete(verificationTokens).where(eq(verificationTokens.identifier, user.email));
    await tx.delete(users).where(eq(users.id, user.id));
    return { keys: files.map((file) => file.key), clips, deletedWorkspaces: alone.length };
  });
  await removeFiles(keys, clips);
  logger.info("account.deleted", {
    userId: user.id,
    workspaces: deletedWorkspaces,
    files: keys.length,
    recordings: clips.length,
  });
  return { deleted: true as const };
}
