import { userRoute } from "@/lib/api/route";
import { revokeInvitation } from "@/lib/team/revoke-invitation";
import { invitationParams } from "@/lib/validations/team";

export const DELETE = userRoute(
  { permission: "manage_members", params: invitationParams },
  async ({ actor, params }) => {
    await revokeInvitation(actor, params.id);
  },
);
