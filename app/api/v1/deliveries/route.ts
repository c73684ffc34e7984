import { apiKeyRoute } from "@/lib/api/api-key-route";
import { listDeliveriesOperation } from "@/lib/api/v1/other-operations";
import { pageAnswer } from "@/lib/api/v1/page-answer";
import { listActivity } from "@/lib/activity/list-activity";

export const GET = apiKeyRoute(listDeliveriesOperation, async ({ actor, query }) =>
  pageAnswer(await listActivity(actor.workspace.id, query)),
);
