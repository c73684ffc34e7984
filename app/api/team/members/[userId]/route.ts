import { userRoute } from "@/lib/api/route";
import { changeMemberRole } from "@/lib/team/change-member-role";
import { removeMember } from "@/lib/team/remove-member";
import { changeRoleSchema, memberParams } from "@/lib/validations/team";

export const PATCH = userRoute(
  { permission: "manage_members", params: memberParams, body: changeRoleSchema },
  async ({ actor, params, body }) => {
    await changeMemberRole(actor, params.userId, body.role);
    return { userId: params.userId, role: body.role };
  },
);

/** The member's access ends with their next request; what they created stays. */
export const DELETE = userRoute(
  { permission: "manage_members", params: memberParams },
  async ({ actor, params }) => {
    await removeMember(actor, params.userId);
  },
);
