"use server";

import { revalidatePath } from "next/cache";
import { userAction } from "@/lib/actions/user-action";
import { updateAutoRecharge } from "@/lib/payments/update-auto-recharge";
import { autoRechargeSchema } from "@/lib/validations/auto-recharge";

/** The signed-in user's own auto-recharge settings. */
export const saveAutoRecharge = userAction(autoRechargeSchema, async (input, user) => {
  const result = await updateAutoRecharge(user, input);
  revalidatePath("/billing");
  return result;
});
