import { apiKeyRoute } from "@/lib/api/api-key-route";
import { listDeliveriesOperation } from "@/lib/api/v1/other-operations";
import { pageAnswer } from "@/lib/api/v1/page-answer";
import { v1Delivery } from "@/lib/api/v1/v1-delivery";
import { listActivity } from "@/lib/activity/list-activity";

export const GET = apiKeyRoute(listDeliveriesOperation, async ({ actor, query }) => {
  const page = await listActivity(actor.workspace.id, query);
  return pageAnswer({ ...page, items: page.items.map(v1Delivery) });
});
