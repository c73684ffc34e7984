"use server";

import { z } from "zod";
import { revalidatePath } from "next/cache";
import { userAction } from "@/lib/actions/user-action";
import { createPortalSession } from "@/lib/payments/create-portal-session";
import { updateAutoRecharge } from "@/lib/payments/update-auto-recharge";
import { autoRechargeSchema, type AutoRechargeInput } from "@/lib/validations/auto-recharge";

const portal = userAction(z.object({}), (_input, user) => createPortalSession(user));
const autoRecharge = userAction(autoRechargeSchema, async (input, user) => {
  const result = await updateAutoRecharge(user, input);
  revalidatePath("/billing");
  return result;
});

export async function openBillingPortal() {
  return portal({});
}

export async function saveAutoRecharge(input: AutoRechargeInput) {
  return autoRecharge(input);
}
