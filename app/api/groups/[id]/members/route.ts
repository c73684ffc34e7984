import { userRoute } from "@/lib/api/route";
import { addGroupMembers } from "@/lib/groups/add-group-members";
import { groupIdParams, groupMembersSchema } from "@/lib/validations/group";

export const POST = userRoute(
  { params: groupIdParams, body: groupMembersSchema },
  async ({ user, params, body }) => addGroupMembers(user.id, params.id, body),
);
