import { userRoute } from "@/lib/api/route";
import { addGroupMembers } from "@/lib/groups/add-group-members";
import { groupIdParams, groupMembersSchema } from "@/lib/validations/group";

export const POST = userRoute(
  { permission: "write", params: groupIdParams, body: groupMembersSchema },
  async ({ actor, params, body }) => addGroupMembers(actor, params.id, body),
);
