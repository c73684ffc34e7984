import { publicRoute } from "@/lib/api/route";
import { recordPlayed } from "@/lib/media/record-played";
import { playbackTokenParams } from "@/lib/validations/playback";

/** The player's first `play` event: the delivery's playedAt, set once. */
export const POST = publicRoute({ params: playbackTokenParams }, async ({ params }) =>
  recordPlayed(params.token),
);
