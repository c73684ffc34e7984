import type { Task } from "graphile-worker";
import { cleanUpMedia } from "@/lib/media/clean-up-media";

/** graphile-worker task name and cron line (hourly; one run catches up after an outage). */
export const CLEAN_UP_MEDIA = "clean_up_media";
export const CLEAN_UP_MEDIA_CRONTAB = `41 * * * * ${CLEAN_UP_MEDIA} ?max=1`;

export const cleanUpMediaTask: Task = async (_payload, helpers) => {
  const report = await cleanUpMedia(new Date());
  helpers.logger.info(`media clean-up: ${JSON.stringify(report)}`);
};
