import type { Task } from "graphile-worker";
import { rollBillingPeriods } from "@/lib/billing/roll-billing-periods";
import { db } from "@/lib/db";

/**
 * graphile-worker task name and cron line: every 5 minutes (graphile's cron fires each tick once
 * across all processes); ticks missed while no process ran, up to an hour back, are caught up.
 */
export const ROLL_BILLING_PERIODS = "roll_billing_periods";
export const BILLING_CRONTAB = `*/5 * * * * ${ROLL_BILLING_PERIODS} ?max=1&fill=1h`;

export const rollBillingPeriodsTask: Task = async (_payload, helpers) => {
  const report = await rollBillingPeriods(db, new Date());
  helpers.logger.info(`billing periods: ${JSON.stringify(report)}`);
};
