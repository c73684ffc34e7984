import "server-only";
import { asc, eq } from "drizzle-orm";
import { workspaceMembers, workspaces } from "@/db/schema";
import type { WorkspaceRole } from "@/db/schema/enums";
import { db } from "@/lib/db";

export interface UserWorkspace {
  id: string;
  name: string;
  role: WorkspaceRole;
}

/** Every workspace the person belongs to, for the shell's switch, by name. */
export async function listUserWorkspaces(userId: string): Promise<UserWorkspace[]> {
  const rows = await db
    .select({ id: workspaces.id, name: workspaces.name, role: workspaceMembers.role })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(asc(workspaces.name), asc(workspaces.id));
  return rows.map((row) => ({ ...row, role: row.role as WorkspaceRole }));
}
