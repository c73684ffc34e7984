"use server";

import { revalidatePath } from "next/cache";
import { userAction } from "@/lib/actions/user-action";
import { completeDemoCheckout } from "@/lib/payments/complete-demo-checkout";
import { checkoutSchema } from "@/lib/validations/checkout";
import type { z } from "zod";

const complete = userAction(checkoutSchema, async (input, user) => {
  const result = await completeDemoCheckout(user, input);
  // The shell (sidebar plan and credits) is a layout: render it again, as Stripe's return would.
  revalidatePath("/", "layout");
  return result;
});

/** The signed-in user's own demo checkout (STRIPE_DEMO_CHECKOUT only). */
export async function completeTestPayment(input: z.input<typeof checkoutSchema>) {
  return complete(input);
}
