import { userRoute } from "@/lib/api/route";
import { deleteGroup } from "@/lib/groups/delete-group";
import { getGroup } from "@/lib/groups/get-group";
import { renameGroup } from "@/lib/groups/rename-group";
import { groupIdParams, renameGroupSchema } from "@/lib/validations/group";

export const GET = userRoute({ params: groupIdParams }, async ({ user, params }) =>
  getGroup(user.id, params.id),
);

export const PATCH = userRoute(
  { params: groupIdParams, body: renameGroupSchema },
  async ({ user, params, body }) => renameGroup(user.id, params.id, body),
);

export const DELETE = userRoute({ params: groupIdParams }, async ({ user, params }) => {
  await deleteGroup(user.id, params.id);
});
