import "server-only";
import { and, eq } from "drizzle-orm";
import { workspaceMembers } from "@/db/schema";
import { db } from "@/lib/db";

/** The member's calendar feed token of the workspace, null until they create a link. */
export async function findCalendarToken(workspaceId: string, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ token: workspaceMembers.calendarToken })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  return row?.token ?? null;
}
