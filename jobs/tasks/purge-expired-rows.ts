import type { Task } from "graphile-worker";
import { db } from "@/lib/db";
import { purgeExpiredRows } from "@/lib/maintenance/purge-expired-rows";

/** graphile-worker task name and cron line (hourly; after an outage the last 6 hours are caught up). */
export const PURGE_EXPIRED_ROWS = "purge_expired_rows";
export const PURGE_CRONTAB = `17 * * * * ${PURGE_EXPIRED_ROWS} ?max=1&fill=6h`;

export const purgeExpiredRowsTask: Task = async (_payload, helpers) => {
  const report = await purgeExpiredRows(db, new Date());
  helpers.logger.info(`purged: ${JSON.stringify(report)}`);
};
