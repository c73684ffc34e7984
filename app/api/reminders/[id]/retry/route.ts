import { userRoute } from "@/lib/api/route";
import { retryFailedReminder } from "@/lib/delivery/retry-failed-reminder";
import { RATE_LIMITS } from "@/lib/security/rate-limit";
import { reminderIdParamsSchema } from "@/lib/validations/reminder";

export const POST = userRoute(
  { params: reminderIdParamsSchema, rateLimit: RATE_LIMITS.sendNow },
  async ({ user, params }) => retryFailedReminder(user.id, params.id),
);
