import type { Task } from "graphile-worker";
import { maintainPartitions } from "@/lib/maintenance/maintain-partitions";
import { retentionPolicy } from "@/lib/maintenance/retention-policy";

/**
 * graphile-worker task name and cron line: daily at 03:41 UTC; after an outage the last 3 days
 * are caught up (one run does everything, so `max=1`).
 */
export const MAINTAIN_PARTITIONS = "maintain_partitions";
export const PARTITIONS_CRONTAB = `41 3 * * * ${MAINTAIN_PARTITIONS} ?max=1&fill=3d`;

export const maintainPartitionsTask: Task = async (_payload, helpers) => {
  const report = await maintainPartitions(new Date(), retentionPolicy());
  helpers.logger.info(`partitions: ${JSON.stringify(report)}`);
};
