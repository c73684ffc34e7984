import { userRoute } from "@/lib/api/route";
import { publicOrigin } from "@/lib/http/public-origin";
import { createMediaPostUpload } from "@/lib/media/create-media-post-upload";
import { RATE_LIMITS } from "@/lib/security/rate-limit";
import { postUploadQuerySchema } from "@/lib/validations/media";

// A one-request upload: { method: "POST", url, fields, headers } (an S3 POST policy form).
export const GET = userRoute(
  { permission: "write", query: postUploadQuerySchema, rateLimit: RATE_LIMITS.mediaUpload },
  async ({ actor, query, request }) =>
    createMediaPostUpload(actor.workspace.id, { ...query, origin: publicOrigin(request.headers) }),
);
