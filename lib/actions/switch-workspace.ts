"use server";

import { userAction } from "@/lib/actions/user-action";
import { switchWorkspaceSchema } from "@/lib/validations/team";
import { switchWorkspace as switchTo } from "@/lib/workspaces/switch-workspace";

/** The shell's workspace switch: every role may move between the workspaces they belong to. */
export const switchWorkspace = userAction("read", switchWorkspaceSchema, async ({ workspaceId }, actor) => {
  await switchTo(actor.user.id, workspaceId);
  return { workspaceId };
});
