import "server-only";
import { inArray } from "drizzle-orm";
import { sessions } from "@/db/schema";
import { db } from "@/lib/db";
import { SESSION_COOKIES } from "./session-cookie";

/**
 * Ends the request's session: deletes its row (database sessions, so it is over at once, for
 * every later request) — only this browser's session. The caller expires the cookie.
 */
export async function endSession(request: { cookies: { get(name: string): { value: string } | undefined } }) {
  const tokens = SESSION_COOKIES.map((name) => request.cookies.get(name)?.value).filter(
    (token): token is string => Boolean(token),
  );
  if (tokens.length > 0) await db.delete(sessions).where(inArray(sessions.sessionToken, tokens));
}
