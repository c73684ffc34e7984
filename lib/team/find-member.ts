import "server-only";
import { and, eq } from "drizzle-orm";
import { users, workspaceMembers } from "@/db/schema";
import type { WorkspaceRole } from "@/db/schema/enums";
import type { Transaction } from "@/lib/db";
import { TEAM_ERRORS } from "./team-errors";

/** A member of the workspace, their row locked for the change that follows; else member_not_found. */
export async function findMember(tx: Transaction, workspaceId: string, userId: string) {
  const [row] = await tx
    .select({ role: workspaceMembers.role, email: users.email })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
    .for("update", { of: workspaceMembers });
  if (!row) throw TEAM_ERRORS.memberNotFound();
  return { role: row.role as WorkspaceRole, email: row.email };
}
