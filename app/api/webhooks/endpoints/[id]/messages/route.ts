import { userRoute } from "@/lib/api/route";
import { webhookEndpointParamsSchema } from "@/lib/validations/webhook-endpoint";
import { listWebhookMessages } from "@/lib/webhooks/list-webhook-messages";

/** The endpoint's log: its latest messages, each with its latest attempts. */
export const GET = userRoute(
  { permission: "read", params: webhookEndpointParamsSchema },
  async ({ actor, params }) => listWebhookMessages(actor.workspace.id, params.id),
);
