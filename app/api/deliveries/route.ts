import { userRoute } from "@/lib/api/route";
import { listActivity } from "@/lib/delivery/list-activity";
import { activityQuerySchema } from "@/lib/validations/delivery";

/** The activity log: the user's deliveries, newest first; further pages via `X-Next-Cursor`. */
export const GET = userRoute({ query: activityQuerySchema }, async ({ user, query }) => {
  const page = await listActivity(user.id, query);
  const headers: Record<string, string> = {};
  if (page.nextCursor) headers["X-Next-Cursor"] = page.nextCursor;
  return Response.json(page.items, { headers });
});
