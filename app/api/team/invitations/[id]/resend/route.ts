import { userRoute } from "@/lib/api/route";
import { publicOrigin } from "@/lib/http/public-origin";
import { RATE_LIMITS } from "@/lib/security/rate-limit";
import { resendInvitation } from "@/lib/team/resend-invitation";
import { invitationParams } from "@/lib/validations/team";

export const POST = userRoute(
  { permission: "manage_members", params: invitationParams, rateLimit: RATE_LIMITS.invitation },
  async ({ actor, params, request }) => resendInvitation(actor, params.id, publicOrigin(request.headers)),
);
