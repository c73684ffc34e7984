import { userRoute } from "@/lib/api/route";
import { RATE_LIMITS } from "@/lib/security/rate-limit";
import { webhookEndpointParamsSchema } from "@/lib/validations/webhook-endpoint";
import { sendTestWebhook } from "@/lib/webhooks/send-test-webhook";

/** "Send test event": a `webhook.test` message queued to the endpoint. */
export const POST = userRoute(
  {
    permission: "manage_integrations",
    params: webhookEndpointParamsSchema,
    status: 202,
    rateLimit: RATE_LIMITS.webhookWrite,
  },
  async ({ actor, params }) => sendTestWebhook(actor.workspace.id, params.id),
);
