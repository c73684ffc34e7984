import { userRoute } from "@/lib/api/route";
import { groupReach } from "@/lib/groups/group-reach";
import { groupIdParams, groupReachQuerySchema } from "@/lib/validations/group";

export const GET = userRoute(
  { params: groupIdParams, query: groupReachQuerySchema },
  async ({ user, params, query }) => groupReach(user.id, params.id, query.channels),
);
