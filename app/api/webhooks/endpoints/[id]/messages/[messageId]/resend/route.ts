import { userRoute } from "@/lib/api/route";
import { RATE_LIMITS } from "@/lib/security/rate-limit";
import { webhookMessageParamsSchema } from "@/lib/validations/webhook-endpoint";
import { resendWebhookMessage } from "@/lib/webhooks/resend-webhook-message";

/** "Send again": the message is due now, under the same webhook-id. */
export const POST = userRoute(
  {
    permission: "manage_integrations",
    params: webhookMessageParamsSchema,
    status: 202,
    rateLimit: RATE_LIMITS.webhookWrite,
  },
  async ({ actor, params }) => {
    await resendWebhookMessage(actor.workspace.id, params.id, params.messageId);
    return { queued: true };
  },
);
