import type { Task } from "graphile-worker";
import { z } from "zod";
import { FAILURE_ALERT_TASK } from "@/lib/alerts/schedule-failure-alerts";
import { sendFailureAlert } from "@/lib/alerts/send-failure-alert";

export { FAILURE_ALERT_TASK };

const payloadSchema = z.object({ userId: z.string().min(1) });

/** graphile-worker task queued by scheduleFailureAlerts: one alert e-mail for one user. */
export const sendFailureAlertTask: Task = async (payload, helpers) => {
  const { userId } = payloadSchema.parse(payload);
  const covered = await sendFailureAlert(userId);
  helpers.logger.info(`failure alert for ${userId}: ${covered} failure(s)`);
};
