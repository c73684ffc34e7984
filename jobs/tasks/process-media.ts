import type { Task } from "graphile-worker";
import { z } from "zod";
import { inMediaSlot, MEDIA_JOB_FLAG } from "@/lib/media/media-slots";
import { MEDIA_JOB_ATTEMPTS, MEDIA_PROCESSING_TASK, mediaJobKey } from "@/lib/media/queue-media-processing";
import { processMedia } from "@/lib/media/process-media";

export { MEDIA_PROCESSING_TASK };

const payloadSchema = z.object({ mediaId: z.string().min(1) });

/**
 * graphile-worker task queued when an upload completes: one clip's renditions, in one of the
 * process's encode slots. A job fetched while every slot is taken is handed back as it was (same
 * key and priority, attempts afresh) for the next free slot here or in another process.
 */
export const processMediaTask: Task = async (payload, helpers) => {
  const { mediaId } = payloadSchema.parse(payload);
  const slot = await inMediaSlot(() =>
    // graphile-worker counts this run in `attempts`; the last one records the failure.
    processMedia(mediaId, { lastAttempt: helpers.job.attempts >= helpers.job.max_attempts }),
  );
  if (slot.ran) return void helpers.logger.info(`media ${mediaId}: ${slot.value}`);
  await helpers.addJob(
    MEDIA_PROCESSING_TASK,
    { mediaId },
    {
      jobKey: mediaJobKey(mediaId),
      priority: helpers.job.priority,
      flags: [MEDIA_JOB_FLAG],
      maxAttempts: MEDIA_JOB_ATTEMPTS,
    },
  );
  helpers.logger.info(`media ${mediaId}: every encode slot busy, handed back`);
};
