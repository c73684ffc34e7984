import "server-only";
import { eq } from "drizzle-orm";
import { users } from "@/db/schema";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors/domain-error";
import { newCalendarToken } from "./new-calendar-token";

/**
 * Gives the user a new feed token, replacing the old one in the same statement: the old URL
 * answers 404 from the moment this returns. Creating the first link is the same operation.
 */
export async function rotateCalendarToken(userId: string): Promise<string> {
  const token = newCalendarToken();
  const updated = await db
    .update(users)
    .set({ calendarToken: token, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  if (updated.length === 0) throw notFound();
  return token;
}
