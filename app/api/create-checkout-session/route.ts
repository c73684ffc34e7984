import { RATE_LIMITS } from "@/lib/security/rate-limit";
import { userRoute } from "@/lib/api/route";
import { createCheckoutSession } from "@/lib/payments/create-checkout-session";
import { checkoutSchema } from "@/lib/validations/checkout";

/** POST /api/create-checkout-session: a plan, members or credits for the workspace; its owner's. */
export const POST = userRoute(
  { permission: "manage_billing", body: checkoutSchema, rateLimit: RATE_LIMITS.checkout },
  ({ actor, body }) => createCheckoutSession(actor, body),
);
