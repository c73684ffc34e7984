import "server-only";
import { and, eq } from "drizzle-orm";
import { reminders } from "@/db/schema";
import type { DbOrTx } from "@/lib/db";
import { nextOccurrence } from "@/lib/recurrence";
import { scheduleFromRow } from "@/lib/recurrence/schedule-from-row";

/**
 * A contact date moved to another day (a corrected birthday): the scheduled reminders made from
 * it move with it, each from `now` in its own zone, at its own time and lead. In the caller's
 * transaction.
 */
export async function followMovedDate(
  tx: DbOrTx,
  contactDateId: string,
  moved: { month: number; day: number },
  now: Date,
): Promise<void> {
  const linked = await tx
    .select()
    .from(reminders)
    .where(and(eq(reminders.contactDateId, contactDateId), eq(reminders.status, "scheduled")));
  for (const row of linked) {
    if (row.frequency !== "yearly") continue;
    const schedule = scheduleFromRow({ ...row, month: moved.month, dayOfMonth: moved.day });
    const next = nextOccurrence(schedule, now, row.occurrencesSent);
    await tx
      .update(reminders)
      .set({ month: moved.month, dayOfMonth: moved.day, nextRunAt: next, updatedAt: now })
      .where(eq(reminders.id, row.id));
  }
}
