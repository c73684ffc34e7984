"use server";

import { revalidatePath } from "next/cache";
import { userAction } from "@/lib/actions/user-action";
import { updateAutoRecharge } from "@/lib/payments/update-auto-recharge";
import { autoRechargeSchema } from "@/lib/validations/auto-recharge";

/** The workspace's auto-recharge settings, its owner's to change. */
export const saveAutoRecharge = userAction("manage_billing", autoRechargeSchema, async (input, actor) => {
  const result = await updateAutoRecharge(actor.workspace, input);
  revalidatePath("/billing");
  return result;
});
