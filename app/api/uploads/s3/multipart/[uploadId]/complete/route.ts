import { userRoute } from "@/lib/api/route";
import { completeMediaMultipart } from "@/lib/media/complete-media-multipart";
import { RATE_LIMITS } from "@/lib/security/rate-limit";
import {
  completeMultipartSchema,
  multipartParamsSchema,
  uploadKeyQuerySchema,
} from "@/lib/validations/media";

// CompleteMultipartUpload: { parts: [{ PartNumber, ETag }] } → { location, key, media }.
export const POST = userRoute(
  {
    permission: "write",
    params: multipartParamsSchema,
    query: uploadKeyQuerySchema,
    body: completeMultipartSchema,
    rateLimit: RATE_LIMITS.mediaUpload,
  },
  async ({ actor, params, query, body }) =>
    completeMediaMultipart(actor.workspace, {
      key: query.key,
      uploadId: params.uploadId,
      parts: body.parts.map((p) => ({ partNumber: p.PartNumber, etag: p.ETag })),
    }),
);
