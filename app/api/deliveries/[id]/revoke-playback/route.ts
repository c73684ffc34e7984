import { userRoute } from "@/lib/api/route";
import { revokePlayback } from "@/lib/media/revoke-playback";
import { deliveryIdParams } from "@/lib/validations/playback";

/** Withdraws a delivery's playback link; another workspace's delivery: 404. */
export const POST = userRoute({ permission: "write", params: deliveryIdParams }, async ({ actor, params }) =>
  revokePlayback(actor.workspace.id, params.id),
);
