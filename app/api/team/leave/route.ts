import { userRoute } from "@/lib/api/route";
import { leaveWorkspace } from "@/lib/team/leave-workspace";

/** Every role but the owner may leave the workspace they act in. */
export const POST = userRoute({ permission: "read" }, async ({ actor }) => {
  await leaveWorkspace(actor);
});
