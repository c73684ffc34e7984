import { userRoute } from "@/lib/api/route";
import { markMediaUploaded } from "@/lib/media/mark-media-uploaded";
import { RATE_LIMITS } from "@/lib/security/rate-limit";
import { mediaIdParamsSchema } from "@/lib/validations/media";

export const POST = userRoute(
  { permission: "write", params: mediaIdParamsSchema, rateLimit: RATE_LIMITS.mediaUpload },
  async ({ actor, params }) => ({ media: await markMediaUploaded(actor.workspace, params.id) }),
);
