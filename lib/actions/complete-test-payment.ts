"use server";

import { revalidatePath } from "next/cache";
import { userAction } from "@/lib/actions/user-action";
import { completeDemoCheckout } from "@/lib/payments/complete-demo-checkout";
import { checkoutSchema } from "@/lib/validations/checkout";

/** The signed-in user's own demo checkout (STRIPE_DEMO_CHECKOUT only). */
export const completeTestPayment = userAction(checkoutSchema, async (input, user) => {
  const result = await completeDemoCheckout(user, input);
  // The shell (sidebar plan and credits) is a layout: render it again, as Stripe's return would.
  revalidatePath("/", "layout");
  return result;
});
