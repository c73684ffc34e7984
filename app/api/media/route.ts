import { userRoute } from "@/lib/api/route";
import { createMedia } from "@/lib/media/create-media";
import { uploadSettings } from "@/lib/media/upload-settings";
import { RATE_LIMITS } from "@/lib/security/rate-limit";
import { createMediaSchema } from "@/lib/validations/media";

export const POST = userRoute(
  { permission: "write", body: createMediaSchema, rateLimit: RATE_LIMITS.upload, status: 201 },
  async ({ actor, body }) => ({ media: await createMedia(actor.workspace, body), upload: uploadSettings() }),
);
