import "server-only";
import { env } from "@/lib/env";

/** The flag every processing job carries (graphile-worker `flags`), so a busy process can skip them. */
export const MEDIA_JOB_FLAG = "media";

let running = 0;

/**
 * graphile-worker's `forbiddenFlags`: while this process encodes MEDIA_CONCURRENCY clips it fetches
 * no further processing job, which stays queued for another process or this one's next free slot.
 * Its other tasks (delivery) keep every job slot they had.
 */
export function busyMediaFlags(): string[] | null {
  return running >= env.MEDIA_CONCURRENCY ? [MEDIA_JOB_FLAG] : null;
}

/**
 * Runs `work` in one of the process's MEDIA_CONCURRENCY encode slots. When all are taken (two job
 * slots fetched at the same instant) it runs nothing and returns `{ ran: false }`: the caller
 * hands the job back rather than hold a job slot waiting.
 */
export async function inMediaSlot<T>(
  work: () => Promise<T>,
): Promise<{ ran: true; value: T } | { ran: false }> {
  if (running >= env.MEDIA_CONCURRENCY) return { ran: false };
  running++;
  try {
    return { ran: true, value: await work() };
  } finally {
    running--;
  }
}
