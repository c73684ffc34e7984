import { RATE_LIMITS } from "@/lib/security/rate-limit";
import { userRoute } from "@/lib/api/route";
import { createCheckoutSession } from "@/lib/payments/create-checkout-session";
import { checkoutSchema } from "@/lib/validations/checkout";

export const POST = userRoute({ body: checkoutSchema, rateLimit: RATE_LIMITS.checkout }, ({ user, body }) =>
  createCheckoutSession(user, body),
);
