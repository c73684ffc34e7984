import { and, eq } from "drizzle-orm";
import { reminders } from "@/db/schema";
import { db } from "@/lib/db";

// Placeholder with the delivery engine's signature; the engine's own version replaces it.
// It puts the failed reminder back on the schedule, due now, for the engine to claim.
export async function retryReminder(input: {
  userId: string;
  reminderId: string;
}): Promise<{ success: boolean; error?: string }> {
  const now = new Date();
  const rows = await db
    .update(reminders)
    .set({ status: "scheduled", nextRunAt: now, lastError: null })
    .where(
      and(
        eq(reminders.id, input.reminderId),
        eq(reminders.userId, input.userId),
        eq(reminders.status, "failed"),
      ),
    )
    .returning({ id: reminders.id });
  return rows.length > 0
    ? { success: true }
    : { success: false, error: "Only failed reminders can be retried" };
}
