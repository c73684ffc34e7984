import "server-only";
import { eq } from "drizzle-orm";
import { users } from "@/db/schema";
import { db } from "@/lib/db";

/**
 * The account's zone, as the shell's offer to follow the browser saves it. New reminders are
 * scheduled in it; those already scheduled keep the zone stored on them.
 */
export async function updateUserTimeZone(userId: string, timezone: string): Promise<{ timezone: string }> {
  await db.update(users).set({ timezone }).where(eq(users.id, userId));
  return { timezone };
}
