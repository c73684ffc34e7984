import { userRoute } from "@/lib/api/route";
import { sendReminder } from "@/lib/delivery/send-reminder";
import { assertSentAlone } from "@/lib/reminders/assert-sent-alone";
import { RATE_LIMITS } from "@/lib/security/rate-limit";
import { reminderIdParamsSchema, sendNowBodySchema } from "@/lib/validations/reminder";

export const POST = userRoute(
  { params: reminderIdParamsSchema, body: sendNowBodySchema, rateLimit: RATE_LIMITS.sendNow },
  async ({ user, params, body }) => {
    await assertSentAlone(user.id, params.id);
    return sendReminder(user, params.id, body.mode);
  },
);
