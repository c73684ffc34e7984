import { userRoute } from "@/lib/api/route";
import { cancelReminder } from "@/lib/reminders/cancel-reminder";
import { REMINDER_WRITE_LIMIT } from "@/lib/reminders/reminder-write-limit";
import { updateReminder } from "@/lib/reminders/update-reminder";
import { reminderBodySchema, reminderIdParamsSchema } from "@/lib/validations/reminder";

export const PUT = userRoute(
  { params: reminderIdParamsSchema, body: reminderBodySchema, rateLimit: REMINDER_WRITE_LIMIT },
  async ({ user, params, body }) => updateReminder(user, params.id, body),
);

/** Cancel: the reminder leaves the schedule and keeps its history. */
export const DELETE = userRoute({ params: reminderIdParamsSchema }, async ({ user, params }) =>
  cancelReminder(user.id, params.id),
);
