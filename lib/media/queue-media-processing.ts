import "server-only";
import { sql } from "drizzle-orm";
import { media } from "@/db/schema";
import { compileStatement, type Queryable } from "@/lib/db/compile-statement";
import { unavailable } from "@/lib/errors/domain-error";
import { jobQueueReady } from "@/lib/jobs/job-queue-ready";
import { MEDIA_JOB_FLAG } from "./media-slots";

/** graphile-worker task that probes an uploaded clip and writes its renditions. */
export const MEDIA_PROCESSING_TASK = "process_media";

/** A clip's processing job: one per clip, three attempts (a refusal is final at the first). */
export const mediaJobKey = (mediaId: string) => `process-media:${mediaId}`;
export const MEDIA_JOB_ATTEMPTS = 3;

/**
 * Whose clips take turns: the account that owns them. The one column to change when clips
 * belong to another owner (a workspace).
 */
const QUEUE_OWNER = media.userId;

// Turns are capped so the priority stays a small integer (graphile-worker's is a smallint).
const MAX_PRIORITY = 1_000;

/**
 * The job's priority is how many of the owner's other clips are already processing: graphile-worker
 * runs lower numbers first, so an account's first clip goes before another account's tenth, and
 * a burst from one account waits behind everyone else's next clip (fair ordering, see docs/media.md).
 */
const QUEUE_PROCESSING = compileStatement<{
  task: string;
  mediaId: string;
  attempts: number;
  key: string;
  maxPriority: number;
  flag: string;
}>(
  (p) => sql`select graphile_worker.add_job(
      ${p.task}, json_build_object('mediaId', ${p.mediaId}::text),
      max_attempts := ${p.attempts}::int,
      job_key := ${p.key}::text,
      priority := (select least(count(*), ${p.maxPriority}::int)::int from ${media}
        where ${QUEUE_OWNER} = (select ${QUEUE_OWNER} from ${media} where ${media.id} = ${p.mediaId}::text)
          and ${media.status} = 'processing' and ${media.id} <> ${p.mediaId}::text),
      flags := array[${p.flag}::text])`,
);

/**
 * Queues a clip's processing in the caller's transaction (an upload marked done is a job queued;
 * a rollback queues nothing). One job per clip (job_key): marking it uploaded twice queues once.
 * Jobs carry the `media` flag, so a process encoding all it may (MEDIA_CONCURRENCY) leaves them to
 * others. Before any engine has created the job queue the upload is refused as unavailable (and
 * rolled back, so the same upload can be marked again) rather than left waiting for nothing.
 */
export async function queueMediaProcessing(client: Queryable, mediaId: string) {
  if (!(await jobQueueReady(client)))
    throw unavailable("Recordings cannot be prepared until the job runner has started");
  await QUEUE_PROCESSING.run(client, {
    task: MEDIA_PROCESSING_TASK,
    mediaId,
    attempts: MEDIA_JOB_ATTEMPTS,
    key: mediaJobKey(mediaId),
    maxPriority: MAX_PRIORITY,
    flag: MEDIA_JOB_FLAG,
  });
}
