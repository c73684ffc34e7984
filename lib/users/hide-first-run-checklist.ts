import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { users } from "@/db/schema";
import { db } from "@/lib/db";

/** The checklist's Hide: it stays hidden on every device (the first hiding's time is kept). */
export async function hideFirstRunChecklist(userId: string, now = new Date()): Promise<{ hidden: true }> {
  await db
    .update(users)
    .set({ checklistHiddenAt: now })
    .where(and(eq(users.id, userId), isNull(users.checklistHiddenAt)));
  return { hidden: true };
}
