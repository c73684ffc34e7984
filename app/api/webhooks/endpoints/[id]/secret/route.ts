import { userRoute } from "@/lib/api/route";
import { webhookEndpointParamsSchema } from "@/lib/validations/webhook-endpoint";
import { revealWebhookSecret } from "@/lib/webhooks/reveal-webhook-secret";

/** The signing secret, on request only (the list never carries it). */
export const GET = userRoute(
  { permission: "manage_integrations", params: webhookEndpointParamsSchema },
  async ({ actor, params }) => revealWebhookSecret(actor.workspace.id, params.id),
);
