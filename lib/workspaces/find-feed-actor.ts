import "server-only";
import { eq } from "drizzle-orm";
import { users, workspaceMembers, workspaces } from "@/db/schema";
import type { WorkspaceRole } from "@/db/schema/enums";
import { db } from "@/lib/db";
import type { Actor } from "./actor";

/**
 * The member behind a calendar feed token, in the workspace the feed shows; null for an unknown
 * or replaced token, or once the member has left (the membership, and its token, are gone).
 */
export async function findFeedActor(token: string): Promise<Actor | null> {
  const [row] = await db
    .select({ user: users, workspace: workspaces, role: workspaceMembers.role })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.calendarToken, token))
    .limit(1);
  return row ? { user: row.user, workspace: row.workspace, role: row.role as WorkspaceRole } : null;
}
