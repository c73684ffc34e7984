import { userRoute } from "@/lib/api/route";
import { serveOwnerMedia } from "@/lib/media/serve-owner-media";
import { mediaIdParams } from "@/lib/validations/playback";

/** A member's preview of a ready clip's poster, with range requests; another workspace's clip: 404. */
export const GET = userRoute(
  { permission: "read", params: mediaIdParams },
  async ({ request, actor, params }) => serveOwnerMedia(request, actor.workspace.id, params.id, "poster"),
);
