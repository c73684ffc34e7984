import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import { users, workspaceMembers } from "@/db/schema";
import type { WorkspaceRole } from "@/db/schema/enums";
import { db } from "@/lib/db";
import { displayName } from "@/lib/users/display-name";
import type { MemberView } from "./member-view";

/** The workspace's members, the owner first, then by when they joined. */
export async function listMembers(workspaceId: string): Promise<MemberView[]> {
  const rows = await db
    .select({ user: users, role: workspaceMembers.role, joinedAt: workspaceMembers.createdAt })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(eq(workspaceMembers.workspaceId, workspaceId))
    .orderBy(sql`${workspaceMembers.role} = 'owner' desc`, asc(workspaceMembers.createdAt), asc(users.email));
  return rows.map((row) => ({
    userId: row.user.id,
    name: displayName(row.user) || row.user.email,
    email: row.user.email,
    role: row.role as WorkspaceRole,
    joinedAt: row.joinedAt.toISOString(),
  }));
}
