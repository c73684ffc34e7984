import { userRoute } from "@/lib/api/route";
import { RATE_LIMITS } from "@/lib/security/rate-limit";
import { webhookEndpointParamsSchema, webhookEndpointPatchSchema } from "@/lib/validations/webhook-endpoint";
import { deleteWebhookEndpoint } from "@/lib/webhooks/delete-webhook-endpoint";
import { updateWebhookEndpoint } from "@/lib/webhooks/update-webhook-endpoint";

export const PATCH = userRoute(
  {
    params: webhookEndpointParamsSchema,
    body: webhookEndpointPatchSchema,
    rateLimit: RATE_LIMITS.webhookWrite,
  },
  async ({ user, params, body }) => updateWebhookEndpoint(user.id, params.id, body),
);

export const DELETE = userRoute({ params: webhookEndpointParamsSchema }, async ({ user, params }) =>
  deleteWebhookEndpoint(user.id, params.id),
);
