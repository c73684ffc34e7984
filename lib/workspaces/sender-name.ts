import "server-only";
import type { Workspace } from "@/db/schema";
import { senderNameOf } from "@/lib/users/sender-name";

/**
 * The name contacts see a workspace's reminder come from ({sender}): the workspace's own when it
 * sends in its name (a clinic), else the member who created the reminder (a family member), else
 * (their account is gone) the workspace's. The engine's statements say the same in SQL.
 */
export function workspaceSenderName(
  workspace: Pick<Workspace, "name" | "senderIdentity">,
  member: Parameters<typeof senderNameOf>[0] | null,
): string {
  if (workspace.senderIdentity === "workspace" || !member) return workspace.name;
  return senderNameOf(member);
}
