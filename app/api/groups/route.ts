import { userRoute } from "@/lib/api/route";
import { createGroup } from "@/lib/groups/create-group";
import { listGroups } from "@/lib/groups/list-groups";
import { createGroupSchema } from "@/lib/validations/group";

export const GET = userRoute({}, async ({ user }) => ({ groups: await listGroups(user.id, user.locale) }));

export const POST = userRoute({ body: createGroupSchema, status: 201 }, async ({ user, body }) =>
  createGroup(user, body),
);
