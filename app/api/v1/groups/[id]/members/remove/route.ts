import { apiKeyRoute } from "@/lib/api/api-key-route";
import { removeGroupMembersOperation } from "@/lib/api/v1/group-operations";
import { removeGroupMembers } from "@/lib/groups/remove-group-members";

export const POST = apiKeyRoute(removeGroupMembersOperation, async ({ actor, params, body }) =>
  removeGroupMembers(actor, params.id, body),
);
