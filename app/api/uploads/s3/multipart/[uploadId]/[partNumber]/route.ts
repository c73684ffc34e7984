import { userRoute } from "@/lib/api/route";
import { publicOrigin } from "@/lib/http/public-origin";
import { signMediaPart } from "@/lib/media/sign-media-part";
import { RATE_LIMITS } from "@/lib/security/rate-limit";
import { multipartPartParamsSchema, uploadKeyQuerySchema } from "@/lib/validations/media";

// A signed UploadPart URL: { url, expires }.
export const GET = userRoute(
  { params: multipartPartParamsSchema, query: uploadKeyQuerySchema, rateLimit: RATE_LIMITS.mediaUpload },
  async ({ user, params, query, request }) =>
    signMediaPart(user.id, { ...params, key: query.key, origin: publicOrigin(request.headers) }),
);
