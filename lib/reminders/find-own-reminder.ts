import "server-only";
import { and, eq } from "drizzle-orm";
import { reminders } from "@/db/schema";
import { notFound } from "@/lib/errors/domain-error";
import { db } from "@/lib/db";

export const REMINDER_NOT_FOUND = { code: "reminder_not_found", message: "Reminder not found" } as const;

/** The user's reminder, or a 404 (another user's id looks like an unknown one). */
export async function findOwnReminder(userId: string, id: string) {
  const [row] = await db
    .select()
    .from(reminders)
    .where(and(eq(reminders.id, id), eq(reminders.userId, userId)));
  if (!row) throw notFound(REMINDER_NOT_FOUND);
  return row;
}
