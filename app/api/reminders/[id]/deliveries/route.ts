import { keysetPageResponse } from "@/lib/api/keyset-page-response";
import { userRoute } from "@/lib/api/route";
import { listDeliveries } from "@/lib/activity/list-deliveries";
import { reminderDeliveriesQuerySchema } from "@/lib/validations/delivery";
import { reminderIdParamsSchema } from "@/lib/validations/reminder";

/** A reminder's deliveries, newest occurrence first; further pages via `X-Next-Cursor` (?cursor=). */
export const GET = userRoute(
  { params: reminderIdParamsSchema, query: reminderDeliveriesQuerySchema },
  async ({ user, params, query }) =>
    keysetPageResponse(await listDeliveries({ userId: user.id, reminderId: params.id, ...query })),
);
