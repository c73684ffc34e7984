import { publicRoute } from "@/lib/api/route";
import { servePlayback } from "@/lib/media/serve-playback";
import { playbackTokenParams } from "@/lib/validations/playback";

/** The video's poster (JPEG) for whoever holds the link (no session), with range requests. */
export const GET = publicRoute({ params: playbackTokenParams }, async ({ request, params }) =>
  servePlayback(request, params.token, "poster"),
);
