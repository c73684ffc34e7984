import { randomBytes } from "node:crypto";
import { test as base, expect, type Page } from "@playwright/test";
import { eq, getTableColumns } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "@/db/schema";
import { trialPlanState } from "@/lib/workspaces/plan-state";

const pool = new pg.Pool({ connectionString: process.env.E2E_DATABASE_URL, max: 3 });
/** The e2e app's own database, for arranging data and checking what the UI wrote. */
export const e2eDb = drizzle({ client: pool, schema, casing: "snake_case" });

export interface SignedInUser {
  id: string;
  email: string;
}

/** A person's fields and their workspace's (plan, quota, credits...) in one object, as tests write them. */
export type SignInOverrides = Partial<typeof schema.users.$inferInsert> &
  Partial<Omit<typeof schema.workspaces.$inferInsert, "id" | "name" | "createdAt" | "updatedAt">>;

const USER_KEYS = new Set(Object.keys(getTableColumns(schema.users)));

/**
 * A person on a trial with their own workspace (its id is theirs, as at sign-up) and a live
 * session cookie, without the magic-link round trip (tests not about sign-in).
 */
async function signInQuickly(page: Page, overrides: SignInOverrides = {}) {
  const email = `e2e-${randomBytes(5).toString("hex")}@example.com`;
  const person = Object.fromEntries(Object.entries(overrides).filter(([key]) => USER_KEYS.has(key)));
  const plan = Object.fromEntries(Object.entries(overrides).filter(([key]) => !USER_KEYS.has(key)));
  const [user] = await e2eDb
    .insert(schema.users)
    .values({ email, firstName: "Ana", lastName: "Díaz", ...person })
    .returning();
  await e2eDb
    .insert(schema.workspaces)
    .values({ id: user.id, name: "Ana Díaz", ...trialPlanState(new Date()), ...plan });
  await e2eDb.insert(schema.workspaceMembers).values({ workspaceId: user.id, userId: user.id, role: "owner" });
  await e2eDb.update(schema.users).set({ currentWorkspaceId: user.id }).where(eq(schema.users.id, user.id));
  const sessionToken = randomBytes(24).toString("hex");
  await e2eDb
    .insert(schema.sessions)
    .values({ sessionToken, userId: user.id, expires: new Date(Date.now() + 86_400_000) });
  const url = new URL(process.env.E2E_BASE_URL ?? "");
  await page.context().addCookies([
    {
      name: "authjs.session-token",
      value: sessionToken,
      domain: url.hostname,
      path: "/",
      httpOnly: true,
      sameSite: "Lax",
    },
  ]);
  return { id: user.id, email: user.email };
}

export const test = base.extend<{
  signIn: (overrides?: SignInOverrides) => Promise<SignedInUser>;
}>({
  signIn: async ({ page }, use) => {
    await use((overrides) => signInQuickly(page, overrides));
  },
});

export { expect };
