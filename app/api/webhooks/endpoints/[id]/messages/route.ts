import { userRoute } from "@/lib/api/route";
import { webhookEndpointParamsSchema } from "@/lib/validations/webhook-endpoint";
import { listWebhookMessages } from "@/lib/webhooks/list-webhook-messages";

/** The endpoint's log: its latest messages, each with its latest attempts. */
export const GET = userRoute({ params: webhookEndpointParamsSchema }, async ({ user, params }) =>
  listWebhookMessages(user.id, params.id),
);
