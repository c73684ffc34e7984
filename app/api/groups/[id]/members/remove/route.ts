import { userRoute } from "@/lib/api/route";
import { removeGroupMembers } from "@/lib/groups/remove-group-members";
import { groupIdParams, groupMembersSchema } from "@/lib/validations/group";

export const POST = userRoute(
  { permission: "write", params: groupIdParams, body: groupMembersSchema },
  async ({ actor, params, body }) => removeGroupMembers(actor, params.id, body),
);
