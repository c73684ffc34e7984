import { userRoute } from "@/lib/api/route";
import { publicOrigin } from "@/lib/http/public-origin";
import { signMediaPart } from "@/lib/media/sign-media-part";
import { RATE_LIMITS } from "@/lib/security/rate-limit";
import { multipartPartParamsSchema, uploadKeyQuerySchema } from "@/lib/validations/media";

// A signed UploadPart URL: { url, expires }.
export const GET = userRoute(
  {
    permission: "write",
    params: multipartPartParamsSchema,
    query: uploadKeyQuerySchema,
    rateLimit: RATE_LIMITS.mediaUpload,
  },
  async ({ actor, params, query, request }) =>
    signMediaPart(actor.workspace.id, { ...params, key: query.key, origin: publicOrigin(request.headers) }),
);
