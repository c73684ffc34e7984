import { publicRoute } from "@/lib/api/route";
import { handleStripeWebhook } from "@/lib/payments/webhooks/handle-stripe-webhook";

// Stripe signs the exact bytes it sent: the handler reads the raw text, never parsed JSON.
export const POST = publicRoute({}, async ({ request }) =>
  handleStripeWebhook(await request.text(), request.headers.get("stripe-signature")),
);
