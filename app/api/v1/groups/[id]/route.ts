import { apiKeyRoute } from "@/lib/api/api-key-route";
import { deleteGroupOperation, getGroupOperation, renameGroupOperation } from "@/lib/api/v1/group-operations";
import { deleteGroup } from "@/lib/groups/delete-group";
import { getGroup } from "@/lib/groups/get-group";
import { renameGroup } from "@/lib/groups/rename-group";

export const GET = apiKeyRoute(getGroupOperation, async ({ user, params }) => getGroup(user.id, params.id));

export const PATCH = apiKeyRoute(renameGroupOperation, async ({ user, params, body }) =>
  renameGroup(user.id, params.id, body),
);

export const DELETE = apiKeyRoute(deleteGroupOperation, async ({ user, params }) => {
  await deleteGroup(user.id, params.id);
});
