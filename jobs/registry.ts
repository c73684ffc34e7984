import type { ForbiddenFlagsFn, TaskList } from "graphile-worker";
import { busyMediaFlags } from "@/lib/media/media-slots";
import { FINISH_CONTACT_DELETIONS, finishContactDeletionsTask } from "./tasks/finish-contact-deletions";
import { PURGE_CRONTAB, PURGE_EXPIRED_ROWS, purgeExpiredRowsTask } from "./tasks/purge-expired-rows";
import {
  MAINTAIN_PARTITIONS,
  PARTITIONS_CRONTAB,
  maintainPartitionsTask,
} from "./tasks/maintain-partitions";
import { FAILURE_ALERT_TASK, sendFailureAlertTask } from "./tasks/send-failure-alert";
import {
  CONFIRMATION_FOLLOW_UP_TASK,
  sendConfirmationFollowUpTask,
} from "./tasks/send-confirmation-follow-up";
import { MEDIA_PROCESSING_TASK, processMediaTask } from "./tasks/process-media";
import { BILLING_CRONTAB, ROLL_BILLING_PERIODS, rollBillingPeriodsTask } from "./tasks/roll-billing-periods";
import { CLEAN_UP_MEDIA, CLEAN_UP_MEDIA_CRONTAB, cleanUpMediaTask } from "./tasks/clean-up-media";
import {
  WEBHOOK_DISPATCH_CRONTAB,
  WEBHOOK_DISPATCH_TASK,
  dispatchWebhooksTask,
} from "./tasks/dispatch-webhooks";

/**
 * Every task in jobs/tasks, by graphile-worker name, and their schedule. The engine of every
 * process (web or `npm run worker`) registers all of them; a test fails when a file in
 * jobs/tasks exports a task missing here.
 */
export const JOB_TASKS: TaskList = {
  [ROLL_BILLING_PERIODS]: rollBillingPeriodsTask,
  [PURGE_EXPIRED_ROWS]: purgeExpiredRowsTask,
  [MAINTAIN_PARTITIONS]: maintainPartitionsTask,
  [FAILURE_ALERT_TASK]: sendFailureAlertTask,
  [CONFIRMATION_FOLLOW_UP_TASK]: sendConfirmationFollowUpTask,
  [CLEAN_UP_MEDIA]: cleanUpMediaTask,
  [MEDIA_PROCESSING_TASK]: processMediaTask,
  [WEBHOOK_DISPATCH_TASK]: dispatchWebhooksTask,
  [FINISH_CONTACT_DELETIONS]: finishContactDeletionsTask,
};

export const JOB_CRONTAB = [
  BILLING_CRONTAB,
  PURGE_CRONTAB,
  PARTITIONS_CRONTAB,
  CLEAN_UP_MEDIA_CRONTAB,
  WEBHOOK_DISPATCH_CRONTAB,
].join("\n");

/** Job flags a process skips while the tasks that carry them have no free slot here. */
export const JOB_FORBIDDEN_FLAGS: ForbiddenFlagsFn = busyMediaFlags;
