import { userRoute } from "@/lib/api/route";
import { restoreReminder } from "@/lib/reminders/restore-reminder";
import { RATE_LIMITS } from "@/lib/security/rate-limit";
import { reminderIdParamsSchema } from "@/lib/validations/reminder";

/** Undo of a cancel, within the undo window. */
export const POST = userRoute(
  { permission: "write", params: reminderIdParamsSchema, rateLimit: RATE_LIMITS.reminderWrite },
  async ({ actor, params }) => restoreReminder(actor, params.id),
);
