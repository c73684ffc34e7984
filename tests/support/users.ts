import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { sessions, users } from "@/db/schema";
import { db } from "@/lib/db";
import { createUser } from "@/lib/users/create-user";
import { SESSION_COOKIE } from "@/lib/auth/session-cookie";

export type TestUser = Awaited<ReturnType<typeof createUser>>;

/**
 * A signed-in user without the magic-link round trip: a real user row and a real
 * session row, and the cookie that names it.
 */
export async function createSignedInUser(overrides: Partial<typeof users.$inferInsert> = {}) {
  const email = overrides.email ?? `user-${randomBytes(5).toString("hex")}@example.com`;
  let user = await createUser({ email, name: "Test User" });
  if (Object.keys(overrides).length > 0) {
    [user] = await db.update(users).set(overrides).where(eq(users.id, user.id)).returning();
  }
  const sessionToken = randomBytes(24).toString("hex");
  await db
    .insert(sessions)
    .values({ sessionToken, userId: user.id, expires: new Date(Date.now() + 86_400_000) });
  return { user, sessionToken, cookie: `${SESSION_COOKIE}=${sessionToken}` };
}
