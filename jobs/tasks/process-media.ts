import type { Task } from "graphile-worker";
import { z } from "zod";
import { MEDIA_PROCESSING_TASK } from "@/lib/media/queue-media-processing";
import { processMedia } from "@/lib/media/process-media";

export { MEDIA_PROCESSING_TASK };

const payloadSchema = z.object({ mediaId: z.string().min(1) });

/** graphile-worker task queued when an upload completes: one clip's renditions. */
export const processMediaTask: Task = async (payload, helpers) => {
  const { mediaId } = payloadSchema.parse(payload);
  // graphile-worker counts this run in `attempts`; the last one records the failure.
  const outcome = await processMedia(mediaId, {
    lastAttempt: helpers.job.attempts >= helpers.job.max_attempts,
  });
  helpers.logger.info(`media ${mediaId}: ${outcome}`);
};
