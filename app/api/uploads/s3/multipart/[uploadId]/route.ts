import { userRoute } from "@/lib/api/route";
import { abortMediaMultipart } from "@/lib/media/abort-media-multipart";
import { listMediaParts } from "@/lib/media/list-media-parts";
import { RATE_LIMITS } from "@/lib/security/rate-limit";
import { multipartParamsSchema, uploadKeyQuerySchema } from "@/lib/validations/media";

const options = {
  params: multipartParamsSchema,
  query: uploadKeyQuerySchema,
  rateLimit: RATE_LIMITS.mediaUpload,
};

// ListParts: [{ PartNumber, ETag, Size }].
export const GET = userRoute(options, async ({ user, params, query }) =>
  listMediaParts(user.id, query.key, params.uploadId),
);

// AbortMultipartUpload.
export const DELETE = userRoute(options, async ({ user, params, query }) => {
  await abortMediaMultipart(user.id, query.key, params.uploadId);
  return {};
});
