import { DEFAULT_TIME, type Schedule } from "@/lib/recurrence";
import type { ReminderBody } from "./reminder";

/** The recurrence engine's view of a request body, in `timezone` (the user's). */
export function scheduleFromBody(body: ReminderBody, timezone: string): Schedule {
  if (body.scheduleType === "once") {
    return { scheduleType: "once", localDateTime: body.scheduledFor ?? undefined, timezone };
  }
  const config = body.frequencyConfig ?? {};
  return {
    scheduleType: "recurring",
    frequency: body.frequency ?? undefined,
    time: config.time ?? DEFAULT_TIME,
    days: body.frequency === "weekly" ? config.days : undefined,
    dayOfMonth: body.frequency === "monthly" || body.frequency === "yearly" ? config.dayOfMonth : undefined,
    month: body.frequency === "yearly" ? config.month : undefined,
    endCondition: config.endCondition ?? "never",
    endAfterCount: config.endCondition === "after" ? (config.endAfterCount ?? 10) : undefined,
    endByDate: config.endCondition === "by" ? (config.endByDate ?? undefined) : undefined,
    timezone,
  };
}
