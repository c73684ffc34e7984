import "server-only";
import { sql } from "drizzle-orm";
import { compileStatement, type Queryable } from "@/lib/db/compile-statement";

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
 */
export async function queueMediaProcessing(client: Queryable, mediaId: string) {
  await QUEUE_PROCESSING.run(client, { task: MEDIA_PROCESSING_TASK, mediaId });
}
