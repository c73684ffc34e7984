import { apiKeyRoute } from "@/lib/api/api-key-route";
import { addGroupMembersOperation } from "@/lib/api/v1/group-operations";
import { addGroupMembers } from "@/lib/groups/add-group-members";

export const POST = apiKeyRoute(addGroupMembersOperation, async ({ actor, params, body }) =>
  addGroupMembers(actor, params.id, body),
);
