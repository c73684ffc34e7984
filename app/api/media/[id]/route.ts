import { userRoute } from "@/lib/api/route";
import { deleteMedia } from "@/lib/media/delete-media";
import { getOwnedMedia } from "@/lib/media/get-owned-media";
import { mediaIdParamsSchema } from "@/lib/validations/media";

export const GET = userRoute({ params: mediaIdParamsSchema }, async ({ user, params }) => ({
  media: await getOwnedMedia(user.id, params.id),
}));

export const DELETE = userRoute({ params: mediaIdParamsSchema }, async ({ user, params }) => {
  await deleteMedia(user.id, params.id);
});
