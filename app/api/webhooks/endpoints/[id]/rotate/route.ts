import { userRoute } from "@/lib/api/route";
import { RATE_LIMITS } from "@/lib/security/rate-limit";
import { webhookEndpointParamsSchema } from "@/lib/validations/webhook-endpoint";
import { rotateWebhookSecret } from "@/lib/webhooks/rotate-webhook-secret";

/** A new signing secret; the previous one also signs for 24 hours. */
export const POST = userRoute(
  {
    permission: "manage_integrations",
    params: webhookEndpointParamsSchema,
    rateLimit: RATE_LIMITS.webhookWrite,
  },
  async ({ actor, params }) => rotateWebhookSecret(actor, params.id),
);
