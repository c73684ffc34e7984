import "server-only";
import { sql } from "drizzle-orm";
import { compileStatement, type Queryable } from "@/lib/db/compile-statement";
import { unavailable } from "@/lib/errors/domain-error";
import { jobQueueReady } from "@/lib/jobs/job-queue-ready";

/** graphile-worker task that probes an uploaded clip and writes its renditions. */
export const MEDIA_PROCESSING_TASK = "process_media";

const QUEUE_PROCESSING = compileStatement<{ task: string; mediaId: string }>(
  (p) => sql`select graphile_worker.add_job(
      ${p.task}, json_build_object('mediaId', ${p.mediaId}::text),
      queue_name := 'media',
      max_attempts := 3,
      job_key := 'process-media:' || ${p.mediaId}::text)`,
);

/**
 * Queues a clip's processing in the caller's transaction (an upload marked done is a job queued;
 * a rollback queues nothing). One job per clip (job_key): marking it uploaded twice queues once.
 * One named queue for every clip: clips are encoded one after another, never side by side.
 * Before any engine has created the job queue the upload is refused as unavailable (and rolled
 * back, so the same upload can be marked again) rather than left waiting for nothing.
 */
export async function queueMediaProcessing(client: Queryable, mediaId: string) {
  if (!(await jobQueueReady(client)))
    throw unavailable("Recordings cannot be prepared until the job runner has started");
  await QUEUE_PROCESSING.run(client, { task: MEDIA_PROCESSING_TASK, mediaId });
}
