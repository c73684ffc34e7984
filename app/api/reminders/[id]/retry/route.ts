import { userRoute } from "@/lib/api/route";
import { retryFailedReminder } from "@/lib/delivery/retry-failed-reminder";
import { assertSentAlone } from "@/lib/reminders/assert-sent-alone";
import { RATE_LIMITS } from "@/lib/security/rate-limit";
import { reminderIdParamsSchema } from "@/lib/validations/reminder";

export const POST = userRoute(
  { permission: "write", params: reminderIdParamsSchema, rateLimit: RATE_LIMITS.sendNow },
  async ({ actor, params }) => {
    await assertSentAlone(actor.workspace.id, params.id);
    return retryFailedReminder(actor, params.id);
  },
);
