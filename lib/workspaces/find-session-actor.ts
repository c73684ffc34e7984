import "server-only";
import { and, asc, desc, eq, gt, sql } from "drizzle-orm";
import { sessions, users, workspaceMembers, workspaces } from "@/db/schema";
import type { WorkspaceRole } from "@/db/schema/enums";
import { db } from "@/lib/db";
import type { Actor } from "./actor";
import { ensureWorkspace } from "./ensure-workspace";

/**
 * The workspace a person acts in: the one they last switched to while they are a member of it,
 * else their oldest membership. A lateral join, so the session, the person and the workspace come
 * in one statement.
 */
const membership = db
  .select({ workspaceId: workspaceMembers.workspaceId, role: workspaceMembers.role })
  .from(workspaceMembers)
  .where(eq(workspaceMembers.userId, users.id))
  .orderBy(
    desc(sql`${workspaceMembers.workspaceId} = ${users.currentWorkspaceId}`),
    asc(workspaceMembers.createdAt),
    asc(workspaceMembers.workspaceId),
  )
  .limit(1)
  .as("membership");

// Every signed-in request runs this: prepared once (a named statement per pooled connection),
// so neither Drizzle's query building nor PostgreSQL's parse and plan is repeated per request.
const sessionActor = db
  .select({ user: users, workspace: workspaces, role: membership.role })
  .from(sessions)
  .innerJoin(users, eq(users.id, sessions.userId))
  .leftJoinLateral(membership, sql`true`)
  .leftJoin(workspaces, eq(workspaces.id, membership.workspaceId))
  .where(
    and(eq(sessions.sessionToken, sql.placeholder("token")), gt(sessions.expires, sql.placeholder("now"))),
  )
  .limit(1)
  .prepare("find_session_actor");

/**
 * The person behind a live session token and the workspace they act in, in one query. A person
 * who belongs to no workspace any more (the last one was deleted) gets a new one of their own.
 */
export async function findSessionActor(sessionToken: string, now = new Date()): Promise<Actor | null> {
  const [row] = await sessionActor.execute({ token: sessionToken, now });
  if (!row) return null;
  if (row.workspace && row.role)
    return { user: row.user, workspace: row.workspace, role: row.role as WorkspaceRole };
  return ensureWorkspace(row.user, now);
}
