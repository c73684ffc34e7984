import { userRoute } from "@/lib/api/route";
import { serveOwnerMedia } from "@/lib/media/serve-owner-media";
import { mediaIdParams } from "@/lib/validations/playback";

/** The owner's preview of a ready clip's playback, with range requests; another user's clip: 404. */
export const GET = userRoute({ params: mediaIdParams }, async ({ request, user, params }) =>
  serveOwnerMedia(request, user.id, params.id, "playback"),
);
