import { randomBytes, randomUUID } from "node:crypto";
import { test as base, expect, type Page } from "@playwright/test";
import { eq, getTableColumns } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "@/db/schema";
import type { WorkspaceRole } from "@/db/schema/enums";
import { trialPlanState } from "@/lib/workspaces/plan-state";

const pool = new pg.Pool({ connectionString: process.env.E2E_DATABASE_URL, max: 3 });
/** The e2e app's own database, for arranging data and checking what the UI wrote. */
export const e2eDb = drizzle({ client: pool, schema, casing: "snake_case" });

export interface SignedInUser {
  id: string;
  email: string;
  /** The workspace the person acts in: their own (its id is theirs), or the one they joined. */
  workspaceId: string;
}

/** A person's fields and their workspace's (plan, quota, credits...) in one object, as tests write them. */
export type SignInOverrides = Partial<typeof schema.users.$inferInsert> &
  Partial<Omit<typeof schema.workspaces.$inferInsert, "id" | "name" | "createdAt" | "updatedAt">>;

const USER_KEYS = new Set(Object.keys(getTableColumns(schema.users)));

/**
 * A person on a trial with their own workspace (its id is theirs, as at sign-up), arranged
 * directly: the user row, the workspace (the workspace fields of `overrides` on top), its ownership.
 */
export async function arrangePerson(overrides: SignInOverrides = {}): Promise<SignedInUser> {
  const person = Object.fromEntries(Object.entries(overrides).filter(([key]) => USER_KEYS.has(key)));
  const plan = Object.fromEntries(Object.entries(overrides).filter(([key]) => !USER_KEYS.has(key)));
  const id = randomUUID();
  const [user] = await e2eDb
    .insert(schema.users)
    .values({
      email: `e2e-${randomBytes(5).toString("hex")}@example.com`,
      firstName: "Ana",
      lastName: "Díaz",
      ...person,
      id,
      currentWorkspaceId: id,
    })
    .returning();
  await e2eDb
    .insert(schema.workspaces)
    .values({ id, name: "Ana Díaz", ...trialPlanState(new Date()), ...plan });
  await e2eDb.insert(schema.workspaceMembers).values({ workspaceId: id, userId: id, role: "owner" });
  return { id: user.id, email: user.email, workspaceId: id };
}

async function addSessionCookie(page: Page, userId: string) {
  const sessionToken = randomBytes(24).toString("hex");
  await e2eDb
    .insert(schema.sessions)
    .values({ sessionToken, userId, expires: new Date(Date.now() + 86_400_000) });
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
}

/** A person with a live session cookie, without the magic-link round trip (tests not about sign-in). */
async function signInQuickly(page: Page, overrides: SignInOverrides = {}) {
  const person = await arrangePerson(overrides);
  await addSessionCookie(page, person.id);
  return person;
}

/** Another person, signed in, acting in `workspaceId` as a member with `role`. */
async function signInMemberQuickly(page: Page, workspaceId: string, role: WorkspaceRole) {
  const person = await arrangePerson({ firstName: "Team", lastName: "Member" });
  await e2eDb.insert(schema.workspaceMembers).values({ workspaceId, userId: person.id, role });
  await e2eDb
    .update(schema.users)
    .set({ currentWorkspaceId: workspaceId })
    .where(eq(schema.users.id, person.id));
  await addSessionCookie(page, person.id);
  return { ...person, workspaceId };
}

/**
 * Waits until every streamed part of the page has been revealed. React writes a late part into a
 * hidden holder (`<div hidden id="S:n">`) and moves it into place a moment later, after the load
 * event Playwright waits for; in that moment a strict lookup can find the same card twice.
 */
export async function streamedIn(page: Page) {
  await page.waitForFunction(() => document.querySelector('div[hidden][id^="S:"]') === null);
}

/** Makes `page.goto` wait for streamedIn too: the fixture's page, and pages of other contexts. */
export function gotoWaitsForStreaming(page: Page): Page {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await streamedIn(page);
    return response;
  };
  return page;
}

export const test = base.extend<{
  signIn: (overrides?: SignInOverrides) => Promise<SignedInUser>;
  signInMember: (workspaceId: string, role: WorkspaceRole) => Promise<SignedInUser>;
}>({
  page: async ({ page }, use) => {
    await use(gotoWaitsForStreaming(page));
  },
  signIn: async ({ page }, use) => {
    await use((overrides) => signInQuickly(page, overrides));
  },
  signInMember: async ({ page }, use) => {
    await use((workspaceId, role) => signInMemberQuickly(page, workspaceId, role));
  },
});

export { expect };
