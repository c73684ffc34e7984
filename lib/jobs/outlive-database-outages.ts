import "server-only";
import { unreachableReason } from "@/lib/db/database-unreachable";
import { logger } from "@/lib/logger";

/**
 * For a worker process: a promise that an unreachable database rejected and nobody awaited
 * (graphile-worker 0.18 records a job's completion or failure without awaiting it) is logged, not
 * fatal, so a failover needs no restart. Any other unhandled rejection still ends the process, as
 * Node does by default.
 */
export function outliveDatabaseOutages(): void {
  process.on("unhandledRejection", (reason) => {
    const unreachable = unreachableReason(reason);
    if (!unreachable) throw reason;
    logger.warn("process.database_rejection_outlived", { error: unreachable });
  });
}
