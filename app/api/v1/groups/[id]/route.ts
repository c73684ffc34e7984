import { apiKeyRoute } from "@/lib/api/api-key-route";
import { deleteGroupOperation, getGroupOperation, renameGroupOperation } from "@/lib/api/v1/group-operations";
import { deleteGroup } from "@/lib/groups/delete-group";
import { getGroup } from "@/lib/groups/get-group";
import { renameGroup } from "@/lib/groups/rename-group";

export const GET = apiKeyRoute(getGroupOperation, async ({ actor, params }) =>
  getGroup(actor.workspace.id, params.id),
);

export const PATCH = apiKeyRoute(renameGroupOperation, async ({ actor, params, body }) =>
  renameGroup(actor, params.id, body),
);

export const DELETE = apiKeyRoute(deleteGroupOperation, async ({ actor, params }) => {
  await deleteGroup(actor, params.id);
});
