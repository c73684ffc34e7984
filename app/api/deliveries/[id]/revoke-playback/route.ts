import { userRoute } from "@/lib/api/route";
import { revokePlayback } from "@/lib/media/revoke-playback";
import { deliveryIdParams } from "@/lib/validations/playback";

/** Withdraws a delivery's playback link; another user's delivery: 404. */
export const POST = userRoute({ params: deliveryIdParams }, async ({ user, params }) =>
  revokePlayback(user.id, params.id),
);
