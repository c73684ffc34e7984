import { userRoute } from "@/lib/api/route";
import { abortMediaMultipart } from "@/lib/media/abort-media-multipart";
import { listMediaParts } from "@/lib/media/list-media-parts";
import { RATE_LIMITS } from "@/lib/security/rate-limit";
import { multipartParamsSchema, uploadKeyQuerySchema } from "@/lib/validations/media";

// Both serve an upload in progress: a writer's work.
const options = {
  permission: "write" as const,
  params: multipartParamsSchema,
  query: uploadKeyQuerySchema,
  rateLimit: RATE_LIMITS.mediaUpload,
};

// ListParts: [{ PartNumber, ETag, Size }].
export const GET = userRoute(options, async ({ actor, params, query }) =>
  listMediaParts(actor.workspace.id, query.key, params.uploadId),
);

// AbortMultipartUpload.
export const DELETE = userRoute(options, async ({ actor, params, query }) => {
  await abortMediaMultipart(actor.workspace.id, query.key, params.uploadId);
  return {};
});
