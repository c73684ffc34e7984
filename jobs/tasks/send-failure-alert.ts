import type { Task } from "graphile-worker";
import { z } from "zod";
import { FAILURE_ALERT_TASK } from "@/lib/alerts/schedule-failure-alerts";
import { sendFailureAlert } from "@/lib/alerts/send-failure-alert";

export { FAILURE_ALERT_TASK };

/**
 * `{ workspaceId }`; a job queued before workspaces existed says `{ userId }`, and that account's
 * own workspace has its id.
 */
const payloadSchema = z.union([
  z.object({ workspaceId: z.string().min(1) }),
  z.object({ userId: z.string().min(1) }).transform(({ userId }) => ({ workspaceId: userId })),
]);

/** graphile-worker task queued by scheduleFailureAlerts: one workspace's alert, to each member it goes to. */
export const sendFailureAlertTask: Task = async (payload, helpers) => {
  const { workspaceId } = payloadSchema.parse(payload);
  const covered = await sendFailureAlert(workspaceId);
  helpers.logger.info(`failure alert for workspace ${workspaceId}: ${covered} failure(s)`);
};
