import { publicRoute } from "@/lib/api/route";
import { handleStripeWebhook } from "@/lib/payments/webhooks/handle-stripe-webhook";

// Stripe signs the exact bytes it sent: the handler reads the raw text, never parsed JSON. The
// signature is the authorisation; no session is involved (`read` for a stray signed-in caller).
export const POST = publicRoute({ permission: "read" }, async ({ request }) =>
  handleStripeWebhook(await request.text(), request.headers.get("stripe-signature")),
);
