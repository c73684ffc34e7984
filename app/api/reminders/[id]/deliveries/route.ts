import { userRoute } from "@/lib/api/route";
import { listDeliveries } from "@/lib/delivery/list-deliveries";
import { reminderDeliveriesQuerySchema } from "@/lib/validations/delivery";
import { reminderIdParamsSchema } from "@/lib/validations/reminder";

/** A reminder's deliveries, newest occurrence first; further pages via `X-Next-Cursor` (?cursor=). */
export const GET = userRoute(
  { params: reminderIdParamsSchema, query: reminderDeliveriesQuerySchema },
  async ({ user, params, query }) => {
    const page = await listDeliveries({ userId: user.id, reminderId: params.id, ...query });
    const headers: Record<string, string> = {};
    if (page.nextCursor) headers["X-Next-Cursor"] = page.nextCursor;
    return Response.json(page.items, { headers });
  },
);
