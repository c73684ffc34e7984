import "server-only";
import { and, eq } from "drizzle-orm";
import { reminders } from "@/db/schema";
import { notFound } from "@/lib/errors/domain-error";
import type { Problem } from "@/lib/errors/error-codes";
import { db } from "@/lib/db";

export const REMINDER_NOT_FOUND = { code: "reminder_not_found", message: "Reminder not found" } as const;

/** A member reminder is read (History) but changed, cancelled and sent only through its group reminder. */
export const MEMBER_REMINDER_READ_ONLY = {
  code: "member_reminder_read_only",
  message:
    "This is one member's share of a group reminder: change, cancel or send the group reminder instead.",
} as const satisfies Problem;

/** The user's reminder, or a 404 (another user's id looks like an unknown one). */
export async function findOwnReminder(workspaceId: string, id: string) {
  const [row] = await db
    .select()
    .from(reminders)
    .where(and(eq(reminders.id, id), eq(reminders.workspaceId, workspaceId)));
  if (!row) throw notFound(REMINDER_NOT_FOUND);
  return row;
}
