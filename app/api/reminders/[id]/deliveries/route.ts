import { keysetPageResponse } from "@/lib/api/keyset-page-response";
import { userRoute } from "@/lib/api/route";
import { listDeliveries } from "@/lib/activity/list-deliveries";
import { reminderDeliveriesQuerySchema } from "@/lib/validations/delivery";
import { reminderIdParamsSchema } from "@/lib/validations/reminder";

/** A reminder's deliveries, newest occurrence first; further pages via `X-Next-Cursor` (?cursor=). */
export const GET = userRoute(
  { permission: "read", params: reminderIdParamsSchema, query: reminderDeliveriesQuerySchema },
  async ({ actor, params, query }) =>
    keysetPageResponse(
      await listDeliveries({ workspaceId: actor.workspace.id, reminderId: params.id, ...query }),
    ),
);
