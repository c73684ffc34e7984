import { keysetPageResponse } from "@/lib/api/keyset-page-response";
import { userRoute } from "@/lib/api/route";
import { listActivity } from "@/lib/activity/list-activity";
import { activityQuerySchema } from "@/lib/validations/delivery";

/** The activity log: the user's deliveries, newest first; further pages via `X-Next-Cursor`. */
export const GET = userRoute({ query: activityQuerySchema }, async ({ user, query }) =>
  keysetPageResponse(await listActivity(user.id, query)),
);
