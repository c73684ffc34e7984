import "server-only";
import { eq } from "drizzle-orm";
import { users } from "@/db/schema";
import { invalidInput } from "@/lib/errors/domain-error";
import { db } from "@/lib/db";
import type { User } from "@/db/schema";
import type { AutoRechargeInput } from "@/lib/validations/auto-recharge";
import { isStripeConfigured } from "./stripe-client";

/** Saves the user's auto-recharge choice (a preference, not plan state); enabling clears a past error. */
export async function updateAutoRecharge(user: User, input: AutoRechargeInput) {
  if (input.enabled && isStripeConfigured() && !user.stripeCustomerId) {
    throw invalidInput({ code: "no_saved_card", message: "Buy a credit package first so a card is saved" });
  }
  if (input.enabled && user.billingFlag === "dispute") {
    // The disputed card must not be charged again off-session; support lifts the flag.
    throw invalidInput({
      code: "auto_recharge_disputed",
      message: "Auto-recharge is unavailable while a payment on your account is disputed",
    });
  }
  const [row] = await db
    .update(users)
    .set({
      autoRechargeEnabled: input.enabled,
      autoRechargePackageIndex: input.packageIndex,
      autoRechargeThresholdCents: input.thresholdCents,
      ...(input.enabled ? { autoRechargeError: null } : {}),
    })
    .where(eq(users.id, user.id))
    .returning({ enabled: users.autoRechargeEnabled });
  return { enabled: row?.enabled ?? false };
}
