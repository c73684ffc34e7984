"use server";

import { revalidatePath } from "next/cache";
import { userAction } from "@/lib/actions/user-action";
import { addSeats as add } from "@/lib/payments/add-seats";
import { addSeatsSchema } from "@/lib/validations/seats";

/** The billing page's 'Add seats': more members on the workspace's subscription. */
export const addSeats = userAction("manage_billing", addSeatsSchema, async (input, actor) => {
  const result = await add(actor, input);
  revalidatePath("/billing");
  return result;
});
