import { keysetPageResponse } from "@/lib/api/keyset-page-response";
import { userRoute } from "@/lib/api/route";
import { listActivity } from "@/lib/activity/list-activity";
import { activityQuerySchema } from "@/lib/validations/delivery";

/** The activity log: the workspace's deliveries, newest first; further pages via `X-Next-Cursor`. */
export const GET = userRoute({ permission: "read", query: activityQuerySchema }, async ({ actor, query }) =>
  keysetPageResponse(await listActivity(actor.workspace.id, query)),
);
