import { userRoute } from "@/lib/api/route";
import { RATE_LIMITS } from "@/lib/security/rate-limit";
import { webhookEndpointParamsSchema, webhookEndpointPatchSchema } from "@/lib/validations/webhook-endpoint";
import { deleteWebhookEndpoint } from "@/lib/webhooks/delete-webhook-endpoint";
import { updateWebhookEndpoint } from "@/lib/webhooks/update-webhook-endpoint";

export const PATCH = userRoute(
  {
    permission: "manage_integrations",
    params: webhookEndpointParamsSchema,
    body: webhookEndpointPatchSchema,
    rateLimit: RATE_LIMITS.webhookWrite,
  },
  async ({ actor, params, body }) => updateWebhookEndpoint(actor, params.id, body),
);

export const DELETE = userRoute(
  { permission: "manage_integrations", params: webhookEndpointParamsSchema },
  async ({ actor, params }) => deleteWebhookEndpoint(actor, params.id),
);
