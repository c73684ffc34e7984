import { userRoute } from "@/lib/api/route";
import { retryFailedReminder } from "@/lib/delivery/retry-failed-reminder";
import { assertSentAlone } from "@/lib/reminders/assert-sent-alone";
import { RATE_LIMITS } from "@/lib/security/rate-limit";
import { reminderIdParamsSchema } from "@/lib/validations/reminder";

export const POST = userRoute(
  { params: reminderIdParamsSchema, rateLimit: RATE_LIMITS.sendNow },
  async ({ user, params }) => {
    await assertSentAlone(user.id, params.id);
    return retryFailedReminder(user.id, params.id);
  },
);
