import { userRoute } from "@/lib/api/route";
import { startMediaMultipart } from "@/lib/media/start-media-multipart";
import { RATE_LIMITS } from "@/lib/security/rate-limit";
import { startMultipartSchema } from "@/lib/validations/media";

// The uploader's CreateMultipartUpload: { filename, type, metadata: { mediaId } } → { uploadId, key }.
export const POST = userRoute(
  { body: startMultipartSchema, rateLimit: RATE_LIMITS.mediaUpload },
  async ({ user, body }) => startMediaMultipart(user.id, { mediaId: body.metadata.mediaId, type: body.type }),
);
