import { userRoute } from "@/lib/api/route";
import { RATE_LIMITS } from "@/lib/security/rate-limit";
import { publicOrigin } from "@/lib/http/public-origin";
import { requestUpload } from "@/lib/storage/request-upload";

export const POST = userRoute(
  { permission: "write", rateLimit: RATE_LIMITS.upload },
  async ({ actor, request }) => requestUpload(actor.workspace.id, publicOrigin(request.headers)),
);
