import { keysetPageResponse } from "@/lib/api/keyset-page-response";
import { userRoute } from "@/lib/api/route";
import { listTrail } from "@/lib/trail/list-trail";
import { trailQuerySchema } from "@/lib/validations/trail";

/** The workspace's activity trail, newest first, in the reader's words; further pages via `X-Next-Cursor`. */
export const GET = userRoute({ permission: "read", query: trailQuerySchema }, async ({ actor, query }) =>
  keysetPageResponse(await listTrail(actor.workspace.id, query, actor.user.locale)),
);
