import "server-only";
import { and, eq, gt, sql } from "drizzle-orm";
import { sessions, users, type User } from "@/db/schema";
import { db } from "@/lib/db";

// Every signed-in request runs this: prepared once (a named statement per pooled connection),
// so neither Drizzle's query building nor PostgreSQL's parse and plan is repeated per request.
const sessionUser = db
  .select({ user: users })
  .from(sessions)
  .innerJoin(users, eq(users.id, sessions.userId))
  .where(
    and(eq(sessions.sessionToken, sql.placeholder("token")), gt(sessions.expires, sql.placeholder("now"))),
  )
  .limit(1)
  .prepare("find_session_user");

/** The user behind a live session token, in one query. */
export async function findSessionUser(sessionToken: string, now = new Date()): Promise<User | null> {
  const [row] = await sessionUser.execute({ token: sessionToken, now });
  return row?.user ?? null;
}
