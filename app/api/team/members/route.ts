import { userRoute } from "@/lib/api/route";
import { listMembers } from "@/lib/team/list-members";

export const GET = userRoute({ permission: "read" }, async ({ actor }) => ({
  members: await listMembers(actor.workspace.id),
}));
