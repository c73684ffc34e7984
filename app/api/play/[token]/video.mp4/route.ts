import { publicRoute } from "@/lib/api/route";
import { servePlayback } from "@/lib/media/serve-playback";
import { playbackTokenParams } from "@/lib/validations/playback";

/**
 * The video a WhatsApp media template points at (at most 16 MB). Twilio fetches it when it
 * sends; the approved template's media URL ends in `.mp4` because WhatsApp wants the file type
 * in it (docs/media.md, "Delivery by channel").
 */
export const GET = publicRoute({ params: playbackTokenParams }, async ({ request, params }) =>
  servePlayback(request, params.token, "whatsapp"),
);
