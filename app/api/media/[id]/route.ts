import { userRoute } from "@/lib/api/route";
import { deleteMedia } from "@/lib/media/delete-media";
import { getOwnedMedia } from "@/lib/media/get-owned-media";
import { mediaIdParamsSchema } from "@/lib/validations/media";

export const GET = userRoute(
  { permission: "read", params: mediaIdParamsSchema },
  async ({ actor, params }) => ({
    media: await getOwnedMedia(actor.workspace.id, params.id),
  }),
);

export const DELETE = userRoute(
  { permission: "write", params: mediaIdParamsSchema },
  async ({ actor, params }) => {
    await deleteMedia(actor.workspace.id, params.id);
  },
);
