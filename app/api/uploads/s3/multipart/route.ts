import { userRoute } from "@/lib/api/route";
import { startMediaMultipart } from "@/lib/media/start-media-multipart";
import { RATE_LIMITS } from "@/lib/security/rate-limit";
import { startMultipartSchema } from "@/lib/validations/media";

// The uploader's CreateMultipartUpload: { filename, type, metadata: { mediaId } } → { uploadId, key }.
export const POST = userRoute(
  { permission: "write", body: startMultipartSchema, rateLimit: RATE_LIMITS.mediaUpload },
  async ({ actor, body }) =>
    startMediaMultipart(actor.workspace.id, { mediaId: body.metadata.mediaId, type: body.type }),
);
