import { userRoute } from "@/lib/api/route";
import { cancelReminder } from "@/lib/reminders/cancel-reminder";
import { findEditableReminder } from "@/lib/reminders/find-editable-reminder";
import { RATE_LIMITS } from "@/lib/security/rate-limit";
import { updateReminder } from "@/lib/reminders/update-reminder";
import { reminderIdParamsSchema, reminderInputSchema } from "@/lib/validations/reminder";

export const PUT = userRoute(
  {
    params: reminderIdParamsSchema,
    body: reminderInputSchema,
    // An unknown or uneditable reminder is answered as such before the body's rules.
    beforeRules: ({ user, params }) => findEditableReminder(user.id, params.id),
    rateLimit: RATE_LIMITS.reminderWrite,
  },
  async ({ user, params, body }) => updateReminder(user, params.id, body),
);

/** Cancel: the reminder leaves the schedule and keeps its history. */
export const DELETE = userRoute({ params: reminderIdParamsSchema }, async ({ user, params }) =>
  cancelReminder(user.id, params.id),
);
