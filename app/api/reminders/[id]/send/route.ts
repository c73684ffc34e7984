import { userRoute } from "@/lib/api/route";
import { sendReminder } from "@/lib/delivery/send-reminder";
import { RATE_LIMITS } from "@/lib/security/rate-limit";
import { reminderIdParamsSchema } from "@/lib/validations/reminder";

export const POST = userRoute(
  { params: reminderIdParamsSchema, rateLimit: RATE_LIMITS.sendNow },
  async ({ user, params }) => sendReminder(user.id, params.id),
);
