import "server-only";
import { sql } from "drizzle-orm";
import { deliveries, reminders } from "@/db/schema";

/**
 * A selection: the error code of a reminder's latest failed occurrence, read only for reminders
 * showing an error (unique index scan), else null. What `toReminderDto` takes as `failureCode`.
 */
export function latestFailureCode() {
  return sql<string | null>`case when ${reminders.lastError} is not null then (
      select ${deliveries.errorCode} from ${deliveries}
       where ${deliveries.reminderId} = ${reminders.id} and ${deliveries.status} = 'failed'
       order by ${deliveries.occurrenceAt} desc limit 1) end`;
}
