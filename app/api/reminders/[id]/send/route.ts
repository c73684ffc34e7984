import { userRoute } from "@/lib/api/route";
import { sendReminder } from "@/lib/delivery/send-reminder";
import { assertSentAlone } from "@/lib/reminders/assert-sent-alone";
import { RATE_LIMITS } from "@/lib/security/rate-limit";
import { reminderIdParamsSchema, sendNowBodySchema } from "@/lib/validations/reminder";

export const POST = userRoute(
  {
    permission: "write",
    params: reminderIdParamsSchema,
    body: sendNowBodySchema,
    rateLimit: RATE_LIMITS.sendNow,
  },
  async ({ actor, params, body }) => {
    await assertSentAlone(actor.workspace.id, params.id);
    return sendReminder(actor, params.id, body.mode);
  },
);
