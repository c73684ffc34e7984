import "server-only";
import { and, eq } from "drizzle-orm";
import { users, workspaceMembers } from "@/db/schema";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors/domain-error";

/**
 * The shell's switch: the person acts in `workspaceId` from their next request, in every session
 * of theirs (the choice is kept on their row). A workspace they do not belong to is a 404.
 */
export async function switchWorkspace(userId: string, workspaceId: string): Promise<void> {
  const [member] = await db
    .select({ role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  if (!member) throw notFound();
  await db.update(users).set({ currentWorkspaceId: workspaceId }).where(eq(users.id, userId));
}
