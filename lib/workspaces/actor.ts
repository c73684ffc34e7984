import type { User, Workspace } from "@/db/schema";
import type { WorkspaceRole } from "@/db/schema/enums";

/**
 * Who is acting, in which workspace, with which role: resolved once per request from the session,
 * an API key or a calendar feed token (lib/workspaces), and handed to every domain function that
 * reads or writes a workspace's rows. `apiKeyId` is set when the person acts through an API key.
 */
export interface Actor {
  user: User;
  workspace: Workspace;
  role: WorkspaceRole;
  apiKeyId?: string;
}
