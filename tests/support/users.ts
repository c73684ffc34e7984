import { randomBytes } from "node:crypto";
import { eq, getTableColumns } from "drizzle-orm";
import { sessions, users, workspaceMembers, workspaces, type User, type Workspace } from "@/db/schema";
import type { WorkspaceRole } from "@/db/schema/enums";
import { db } from "@/lib/db";
import { SESSION_COOKIE } from "@/lib/auth/session-cookie";
import type { Actor } from "@/lib/workspaces/actor";
import { createUser } from "@/lib/workspaces/create-user";

export type TestUser = Awaited<ReturnType<typeof createUser>>;

type UserFields = Partial<typeof users.$inferInsert>;
type WorkspaceFields = Partial<Omit<typeof workspaces.$inferInsert, "id" | "name" | "createdAt" | "updatedAt">>;
/** A person's fields and their workspace's (plan, quota, credits...) in one object, as tests write them. */
export type SignedInOverrides = UserFields & WorkspaceFields;

const USER_KEYS = new Set(Object.keys(getTableColumns(users)));
const WORKSPACE_KEYS = new Set(Object.keys(getTableColumns(workspaces)));

function split(overrides: SignedInOverrides) {
  const person: Record<string, unknown> = {};
  const workspace: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(overrides)) {
    if (USER_KEYS.has(key)) person[key] = value;
    else if (WORKSPACE_KEYS.has(key)) workspace[key] = value;
    else throw new Error(`createSignedInUser: unknown field ${key}`);
  }
  return { person: person as UserFields, workspace: workspace as WorkspaceFields };
}

async function signIn(userId: string) {
  const sessionToken = randomBytes(24).toString("hex");
  await db.insert(sessions).values({ sessionToken, userId, expires: new Date(Date.now() + 86_400_000) });
  return { sessionToken, cookie: `${SESSION_COOKIE}=${sessionToken}` };
}

/**
 * A signed-in person without the magic-link round trip: a real user row, their own workspace
 * (its id is theirs, as at sign-up) and a real session row, and the cookie that names it.
 * `overrides` may mix the person's fields and the workspace's (`planType`, `remindersQuota`...).
 */
export async function createSignedInUser(overrides: SignedInOverrides = {}) {
  const email = overrides.email ?? `user-${randomBytes(5).toString("hex")}@example.com`;
  const parts = split(overrides);
  let user: User = await createUser({ email, name: "Test User" });
  if (Object.keys(parts.person).length > 0)
    [user] = await db.update(users).set(parts.person).where(eq(users.id, user.id)).returning();
  let [workspace] = await db.select().from(workspaces).where(eq(workspaces.id, user.id));
  if (Object.keys(parts.workspace).length > 0)
    [workspace] = await db.update(workspaces).set(parts.workspace).where(eq(workspaces.id, user.id)).returning();
  const actor: Actor = { user, workspace, role: "owner" };
  return { user, workspace, actor, ...(await signIn(user.id)) };
}

/**
 * Another signed-in person who is a member of `workspace` with `role`, acting in it (it is the
 * workspace they last switched to). They keep a workspace of their own too, as everyone does.
 */
export async function createSignedInMember(workspace: Workspace, role: WorkspaceRole, overrides: UserFields = {}) {
  const email = overrides.email ?? `member-${randomBytes(5).toString("hex")}@example.com`;
  let user: User = await createUser({ email, name: "Team Member" });
  await db.insert(workspaceMembers).values({ workspaceId: workspace.id, userId: user.id, role });
  [user] = await db
    .update(users)
    .set({ ...overrides, currentWorkspaceId: workspace.id })
    .where(eq(users.id, user.id))
    .returning();
  const actor: Actor = { user, workspace, role };
  return { user, workspace, actor, ...(await signIn(user.id)) };
}

/** The actor of a person acting in their own workspace (its id is theirs), read afresh. */
export async function ownActor(userId: string): Promise<Actor> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  const [workspace] = await db.select().from(workspaces).where(eq(workspaces.id, userId));
  if (!user || !workspace) throw new Error(`ownActor: no person or workspace ${userId}`);
  return { user, workspace, role: "owner" };
}
