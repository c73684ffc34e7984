import { userRoute } from "@/lib/api/route";
import { cancelReminder } from "@/lib/reminders/cancel-reminder";
import { findEditableReminder } from "@/lib/reminders/find-editable-reminder";
import { RATE_LIMITS } from "@/lib/security/rate-limit";
import { updateReminder } from "@/lib/reminders/update-reminder";
import { reminderIdParamsSchema, reminderInputSchema } from "@/lib/validations/reminder";

export const PUT = userRoute(
  {
    permission: "write",
    params: reminderIdParamsSchema,
    body: reminderInputSchema,
    // An unknown or uneditable reminder is answered as such before the body's rules.
    beforeRules: ({ actor, params }) => findEditableReminder(actor.workspace.id, params.id),
    rateLimit: RATE_LIMITS.reminderWrite,
  },
  async ({ actor, params, body }) => updateReminder(actor, params.id, body),
);

/** Cancel: the reminder leaves the schedule and keeps its history. */
export const DELETE = userRoute(
  { permission: "write", params: reminderIdParamsSchema },
  async ({ actor, params }) => cancelReminder(actor, params.id),
);
