import { userRoute } from "@/lib/api/route";
import { RATE_LIMITS } from "@/lib/security/rate-limit";
import { webhookEndpointInputSchema } from "@/lib/validations/webhook-endpoint";
import { createWebhookEndpoint } from "@/lib/webhooks/create-webhook-endpoint";
import { listWebhookEndpoints } from "@/lib/webhooks/list-webhook-endpoints";

export const GET = userRoute({ permission: "read" }, async ({ actor }) =>
  listWebhookEndpoints(actor.workspace.id),
);

/** A new endpoint; the answer carries its signing secret. */
export const POST = userRoute(
  {
    permission: "manage_integrations",
    body: webhookEndpointInputSchema,
    status: 201,
    rateLimit: RATE_LIMITS.webhookWrite,
  },
  async ({ actor, body }) => createWebhookEndpoint(actor, body),
);
