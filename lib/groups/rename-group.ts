import "server-only";
import { and, eq } from "drizzle-orm";
import { contactGroups } from "@/db/schema";
import { db } from "@/lib/db";
import type { RenameGroupInput } from "@/lib/validations/group";
import { duplicateGroupNameOr, groupNotFound } from "./group-errors";
import { getGroup } from "./get-group";
import type { GroupView } from "./group-view";

/** PATCH /api/groups/{id}: a new name; one the user already has is a 409, another user's group a 404. */
export async function renameGroup(
  userId: string,
  groupId: string,
  input: RenameGroupInput,
): Promise<GroupView> {
  return db.transaction(async (tx) => {
    const renamed = await tx
      .update(contactGroups)
      .set({ name: input.name, updatedAt: new Date() })
      .where(and(eq(contactGroups.id, groupId), eq(contactGroups.userId, userId)))
      .returning({ id: contactGroups.id })
      .catch(duplicateGroupNameOr);
    if (renamed.length === 0) throw groupNotFound();
    return getGroup(userId, groupId, tx);
  });
}
