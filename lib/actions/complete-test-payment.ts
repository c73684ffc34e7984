"use server";

import { revalidatePath } from "next/cache";
import { userAction } from "@/lib/actions/user-action";
import { completeDemoCheckout } from "@/lib/payments/complete-demo-checkout";
import { checkoutSchema } from "@/lib/validations/checkout";

/** The demo checkout of the workspace the owner acts in (STRIPE_DEMO_CHECKOUT only). */
export const completeTestPayment = userAction("manage_billing", checkoutSchema, async (input, actor) => {
  const result = await completeDemoCheckout(actor, input);
  // The shell (sidebar plan and credits) is a layout: render it again, as Stripe's return would.
  revalidatePath("/", "layout");
  return result;
});
