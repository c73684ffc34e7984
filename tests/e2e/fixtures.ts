import { randomBytes } from "node:crypto";
import { test as base, expect, type Page } from "@playwright/test";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "@/db/schema";
import { trialDefaults } from "@/lib/users/create-user";

const pool = new pg.Pool({ connectionString: process.env.E2E_DATABASE_URL, max: 3 });
/** The e2e app's own database, for arranging data and checking what the UI wrote. */
export const e2eDb = drizzle({ client: pool, schema, casing: "snake_case" });

export interface SignedInUser {
  id: string;
  email: string;
}

/** A user with a live session cookie, without the magic-link round trip (tests not about sign-in). */
async function signInQuickly(page: Page, overrides: Partial<typeof schema.users.$inferInsert> = {}) {
  const email = `e2e-${randomBytes(5).toString("hex")}@example.com`;
  const [user] = await e2eDb
    .insert(schema.users)
    .values({ email, firstName: "Ana", lastName: "Díaz", ...trialDefaults(new Date()), ...overrides })
    .returning();
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
  signIn: (overrides?: Partial<typeof schema.users.$inferInsert>) => Promise<SignedInUser>;
}>({
  signIn: async ({ page }, use) => {
    await use((overrides) => signInQuickly(page, overrides));
  },
});

export { expect };
