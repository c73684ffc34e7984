import "server-only";
import { eq } from "drizzle-orm";
import { contactGroups } from "@/db/schema";
import { db } from "@/lib/db";

/** The workspace's groups by id and name: what quick add matches a group's name against. */
export async function listGroupNames(workspaceId: string): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: contactGroups.id, name: contactGroups.name })
    .from(contactGroups)
    .where(eq(contactGroups.workspaceId, workspaceId));
}
