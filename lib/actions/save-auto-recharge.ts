"use server";

import { revalidatePath } from "next/cache";
import { userAction } from "@/lib/actions/user-action";
import { updateAutoRecharge } from "@/lib/payments/update-auto-recharge";
import { autoRechargeSchema, type AutoRechargeInput } from "@/lib/validations/auto-recharge";

const autoRecharge = userAction(autoRechargeSchema, async (input, user) => {
  const result = await updateAutoRecharge(user, input);
  revalidatePath("/billing");
  return result;
});

/** The signed-in user's own auto-recharge settings. */
export async function saveAutoRecharge(input: AutoRechargeInput) {
  return autoRecharge(input);
}
