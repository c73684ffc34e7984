import { userRoute } from "@/lib/api/route";
import { cancelReminder } from "@/lib/reminders/cancel-reminder";
import { RATE_LIMITS } from "@/lib/security/rate-limit";
import { updateReminder } from "@/lib/reminders/update-reminder";
import { reminderBodySchema, reminderIdParamsSchema } from "@/lib/validations/reminder";

export const PUT = userRoute(
  { params: reminderIdParamsSchema, body: reminderBodySchema, rateLimit: RATE_LIMITS.reminderWrite },
  async ({ user, params, body }) => updateReminder(user, params.id, body),
);

/** Cancel: the reminder leaves the schedule and keeps its history. */
export const DELETE = userRoute({ params: reminderIdParamsSchema }, async ({ user, params }) =>
  cancelReminder(user.id, params.id),
);
