import { userRoute } from "@/lib/api/route";
import { removeGroupMembers } from "@/lib/groups/remove-group-members";
import { groupIdParams, groupMembersSchema } from "@/lib/validations/group";

export const POST = userRoute(
  { params: groupIdParams, body: groupMembersSchema },
  async ({ user, params, body }) => removeGroupMembers(user.id, params.id, body),
);
