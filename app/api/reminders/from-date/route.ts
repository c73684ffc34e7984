import { userRoute } from "@/lib/api/route";
import { createDateReminders } from "@/lib/reminders/create-date-reminders";
import { RATE_LIMITS } from "@/lib/security/rate-limit";
import { dateReminderBodySchema } from "@/lib/validations/date-reminder";

export const POST = userRoute(
  { body: dateReminderBodySchema, status: 201, rateLimit: RATE_LIMITS.reminderWrite },
  async ({ user, body }) => createDateReminders(user.id, body),
);
