import { userRoute } from "@/lib/api/route";
import { publicOrigin } from "@/lib/http/public-origin";
import { createMediaPostUpload } from "@/lib/media/create-media-post-upload";
import { RATE_LIMITS } from "@/lib/security/rate-limit";
import { postUploadQuerySchema } from "@/lib/validations/media";

// A one-request upload: { method: "POST", url, fields, headers } (an S3 POST policy form).
export const GET = userRoute(
  { query: postUploadQuerySchema, rateLimit: RATE_LIMITS.mediaUpload },
  async ({ user, query, request }) =>
    createMediaPostUpload(user.id, { ...query, origin: publicOrigin(request.headers) }),
);
