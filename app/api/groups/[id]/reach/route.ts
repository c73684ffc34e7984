import { userRoute } from "@/lib/api/route";
import { groupReach } from "@/lib/groups/group-reach";
import { groupIdParams, groupReachQuerySchema } from "@/lib/validations/group";

export const GET = userRoute(
  { permission: "read", params: groupIdParams, query: groupReachQuerySchema },
  async ({ actor, params, query }) => groupReach(actor.workspace.id, params.id, query.channels),
);
