"use server";

import { userAction } from "@/lib/actions/user-action";
import { completeDemoCheckout } from "@/lib/payments/complete-demo-checkout";
import { checkoutSchema } from "@/lib/validations/checkout";
import type { z } from "zod";

const complete = userAction(checkoutSchema, (input, user) => completeDemoCheckout(user, input));

/** The signed-in user's own demo checkout (STRIPE_DEMO_CHECKOUT only). */
export async function completeTestPayment(input: z.input<typeof checkoutSchema>) {
  return complete(input);
}
