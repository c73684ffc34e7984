import "server-only";
import { eq } from "drizzle-orm";
import { workspaces, type Workspace } from "@/db/schema";
import type { SenderIdentity } from "@/db/schema/enums";
import { db } from "@/lib/db";
import type { Actor } from "@/lib/workspaces/actor";
import { recordWorkspaceEvent } from "@/lib/workspaces/record-workspace-event";

export interface WorkspaceSettingsInput {
  name?: string;
  senderIdentity?: SenderIdentity;
}

/** Settings → Team: the workspace's name and whose name contacts see on its messages. */
export async function updateWorkspace(
  actor: Actor,
  input: WorkspaceSettingsInput,
  now = new Date(),
): Promise<Workspace> {
  const workspaceId = actor.workspace.id;
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(workspaces)
      .set({ ...input, updatedAt: now })
      .where(eq(workspaces.id, workspaceId))
      .returning();
    await recordWorkspaceEvent(
      tx,
      workspaceId,
      actor,
      { kind: "workspace.updated", subjectId: workspaceId, details: { ...input } },
      now,
    );
    return updated;
  });
}
