import "server-only";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { SUBSCRIPTION_PLAN_TYPES } from "@/config/plans";
import { media, storedObjects, users, verificationTokens } from "@/db/schema";
import type { PlanType } from "@/db/schema/enums";
import { DomainError, invalidInput } from "@/lib/errors/domain-error";
import { db } from "@/lib/db";
import { logger } from "@/lib/logger";
import { getStripe, isStripeConfigured } from "@/lib/payments/stripe-client";
import { getStorage } from "@/lib/storage/get-storage";
import { removeMediaObjects } from "@/lib/media/remove-media-objects";
import type { DeleteAccountInput } from "@/lib/validations/account";
import type { User } from "@/db/schema";

/** Ends the user's Stripe subscription now, so nothing is charged after the account is gone. */
async function cancelSubscription(user: User) {
  const id = user.stripeSubscriptionId;
  if (!id || !SUBSCRIPTION_PLAN_TYPES.includes(user.planType as PlanType) || !isStripeConfigured()) return;
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

/**
 * "Delete my account" (Terms: you may close your account at any time): after the typed e-mail
 * matches, cancels the Stripe subscription, then deletes the user in one transaction (contacts,
 * reminders, deliveries, ledger, sessions, files' and recordings' rows all cascade from it) and
 * finally removes the stored files and recordings. Stripe keeps its own payment records, as the law requires of it.
 */
export async function deleteAccount(user: User, input: DeleteAccountInput) {
  if (input.email.toLowerCase() !== user.email.toLowerCase()) {
    throw invalidInput({
      code: "email_mismatch",
      message: "email: The e-mail address does not match your account",
    });
  }
  await cancelSubscription(user);
  const { keys, clips } = await db.transaction(async (tx) => {
    const files = await tx
      .select({ key: storedObjects.key })
      .from(storedObjects)
      .where(eq(storedObjects.ownerId, user.id));
    const clips = await tx
      .select({ id: media.id, sourceKey: media.sourceKey, uploadId: media.uploadId })
      .from(media)
      .where(eq(media.userId, user.id));
    await tx.delete(verificationTokens).where(eq(verificationTokens.identifier, user.email));
    await tx.delete(users).where(eq(users.id, user.id));
    return { keys: files.map((file) => file.key), clips };
  });
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
  logger.info("account.deleted", { userId: user.id, files: keys.length, recordings: clips.length });
  return { deleted: true as const };
}
