import { userRoute } from "@/lib/api/route";
import { deleteGroup } from "@/lib/groups/delete-group";
import { getGroup } from "@/lib/groups/get-group";
import { renameGroup } from "@/lib/groups/rename-group";
import { groupIdParams, renameGroupSchema } from "@/lib/validations/group";

export const GET = userRoute({ permission: "read", params: groupIdParams }, async ({ actor, params }) =>
  getGroup(actor.workspace.id, params.id),
);

export const PATCH = userRoute(
  { permission: "write", params: groupIdParams, body: renameGroupSchema },
  async ({ actor, params, body }) => renameGroup(actor, params.id, body),
);

export const DELETE = userRoute({ permission: "write", params: groupIdParams }, async ({ actor, params }) => {
  await deleteGroup(actor, params.id);
});
