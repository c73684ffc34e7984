import { and, eq, gt } from "drizzle-orm";
import { sessions, users } from "@/db/schema";
import { db } from "@/lib/db";

export type User = typeof users.$inferSelect;

/** The user behind a live session token, in one query. */
export async function findSessionUser(sessionToken: string, now = new Date()): Promise<User | null> {
  const [row] = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.sessionToken, sessionToken), gt(sessions.expires, now)))
    .limit(1);
  return row?.user ?? null;
}
