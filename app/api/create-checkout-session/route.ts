import { userRoute } from "@/lib/api/route";
import { createCheckoutSession } from "@/lib/payments/create-checkout-session";
import { checkoutSchema } from "@/lib/validations/checkout";

export const POST = userRoute(
  { body: checkoutSchema, rateLimit: { name: "checkout", limit: 20, windowSeconds: 60 } },
  ({ user, body }) => createCheckoutSession(user, body),
);
