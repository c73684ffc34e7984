import { publicRoute } from "@/lib/api/route";
import { serveCallAudio } from "@/lib/media/serve-call-audio";
import { playbackTokenParams } from "@/lib/validations/playback";

/**
 * A voice reminder's recording as Twilio plays it during the call (<Play>): the token is an
 * expiring capability (lib/media/call-audio-token.ts), no session.
 */
export const GET = publicRoute({ params: playbackTokenParams }, async ({ request, params }) =>
  serveCallAudio(request, params.token),
);
