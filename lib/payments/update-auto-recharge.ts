import "server-only";
import { eq } from "drizzle-orm";
import { workspaces, type Workspace } from "@/db/schema";
import { invalidInput } from "@/lib/errors/domain-error";
import { db } from "@/lib/db";
import type { AutoRechargeInput } from "@/lib/validations/auto-recharge";
import { isStripeConfigured } from "./stripe-client";

/**
 * Saves the workspace's auto-recharge choice (its owner's setting, not plan state); enabling
 * clears a past error.
 */
export async function updateAutoRecharge(workspace: Workspace, input: AutoRechargeInput) {
  if (input.enabled && isStripeConfigured() && !workspace.stripeCustomerId) {
    throw invalidInput({ code: "no_saved_card", message: "Buy a credit package first so a card is saved" });
  }
  if (input.enabled && workspace.billingFlag === "dispute") {
    // The disputed card must not be charged again off-session; support lifts the flag.
    throw invalidInput({
      code: "auto_recharge_disputed",
      message: "Auto-recharge is unavailable while a payment on your account is disputed",
    });
  }
  const [row] = await db
    .update(workspaces)
    .set({
      autoRechargeEnabled: input.enabled,
      autoRechargePackageIndex: input.packageIndex,
      autoRechargeThresholdCents: input.thresholdCents,
      ...(input.enabled ? { autoRechargeError: null } : {}),
    })
    .where(eq(workspaces.id, workspace.id))
    .returning({ enabled: workspaces.autoRechargeEnabled });
  return { enabled: row?.enabled ?? false };
}
