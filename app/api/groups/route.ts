import { userRoute } from "@/lib/api/route";
import { createGroup } from "@/lib/groups/create-group";
import { listGroups } from "@/lib/groups/list-groups";
import { createGroupSchema } from "@/lib/validations/group";

export const GET = userRoute({ permission: "read" }, async ({ actor }) => ({
  groups: await listGroups(actor.workspace.id, actor.user.locale),
}));

export const POST = userRoute(
  { permission: "write", body: createGroupSchema, status: 201 },
  async ({ actor, body }) => createGroup(actor, body),
);
