import { userRoute } from "@/lib/api/route";
import { updateWorkspace } from "@/lib/team/update-workspace";
import { workspaceSummary } from "@/lib/team/workspace-summary";
import { workspaceSettingsSchema } from "@/lib/validations/team";

export const GET = userRoute({ permission: "read" }, async ({ actor }) => workspaceSummary(actor));

export const PATCH = userRoute(
  { permission: "manage_settings", body: workspaceSettingsSchema },
  async ({ actor, body }) => workspaceSummary({ ...actor, workspace: await updateWorkspace(actor, body) }),
);
