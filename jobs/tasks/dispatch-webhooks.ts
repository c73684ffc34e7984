import type { Task } from "graphile-worker";
import { dispatchWebhooks } from "@/lib/webhooks/dispatch-webhooks";
import { WEBHOOK_DISPATCH_TASK } from "@/lib/webhooks/queue-webhook-dispatch";

export { WEBHOOK_DISPATCH_TASK };

/**
 * Every minute a sweep sends retries come due (and anything an event's own run missed); an
 * event queues a run at once (queueWebhookDispatch), a retry due within the minute its own.
 */
export const WEBHOOK_DISPATCH_CRONTAB = `* * * * * ${WEBHOOK_DISPATCH_TASK} ?max=1`;

/** graphile-worker task: sends the webhook messages due (see dispatchWebhooks). */
export const dispatchWebhooksTask: Task = async (_payload, helpers) => {
  const report = await dispatchWebhooks();
  if (report.attempts > 0) helpers.logger.info(`webhooks: ${report.delivered}/${report.attempts} delivered`);
};
