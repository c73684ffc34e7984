import type { Task } from "graphile-worker";
import { z } from "zod";
import { CONFIRMATION_FOLLOW_UP_TASK } from "@/lib/replies/constants";
import { sendConfirmationFollowUp } from "@/lib/replies/send-confirmation-follow-up";

export { CONFIRMATION_FOLLOW_UP_TASK };

const payloadSchema = z.object({ deliveryId: z.number().int().positive() });

/** graphile-worker task queued by scheduleConfirmationFollowUps: one "not confirmed" e-mail. */
export const sendConfirmationFollowUpTask: Task = async (payload, helpers) => {
  const { deliveryId } = payloadSchema.parse(payload);
  const sent = await sendConfirmationFollowUp(deliveryId);
  helpers.logger.info(`confirmation follow-up for delivery ${deliveryId}: ${sent ? "sent" : "not needed"}`);
};
