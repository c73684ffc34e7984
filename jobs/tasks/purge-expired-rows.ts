import type { Task } from "graphile-worker";
import { finishContactDeletions } from "@/lib/contacts/finish-contact-deletions";
import { db } from "@/lib/db";
import { purgeExpiredRows } from "@/lib/maintenance/purge-expired-rows";

/** graphile-worker task name and cron line (hourly; after an outage the last 6 hours are caught up). */
export const PURGE_EXPIRED_ROWS = "purge_expired_rows";
export const PURGE_CRONTAB = `17 * * * * ${PURGE_EXPIRED_ROWS} ?max=1&fill=6h`;

export const purgeExpiredRowsTask: Task = async (_payload, helpers) => {
  const now = new Date();
  const report = await purgeExpiredRows(db, now);
  // The backstop for deletions whose own job never ran (no queue when they were made).
  const contactDeletions = await finishContactDeletions(now);
  helpers.logger.info(`purged: ${JSON.stringify({ ...report, contactDeletions })}`);
};
