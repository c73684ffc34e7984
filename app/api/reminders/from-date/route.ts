import { userRoute } from "@/lib/api/route";
import { createDateReminders } from "@/lib/reminders/create-date-reminders";
import { getDateReminderSettings } from "@/lib/reminders/get-date-reminder-settings";
import { updateDateReminders } from "@/lib/reminders/update-date-reminders";
import { RATE_LIMITS } from "@/lib/security/rate-limit";
import { dateReminderBodySchema, dateReminderQuerySchema } from "@/lib/validations/date-reminder";

/** The date's yearly reminder as "Edit yearly reminder" opens it. */
export const GET = userRoute(
  { permission: "read", query: dateReminderQuerySchema },
  async ({ actor, query }) => getDateReminderSettings(actor.workspace.id, query.contactDateId),
);

/** A date's yearly reminder and its leads; a second one for the same date is a 409. */
export const POST = userRoute(
  { permission: "write", body: dateReminderBodySchema, status: 201, rateLimit: RATE_LIMITS.reminderWrite },
  async ({ actor, body }) => createDateReminders(actor, body),
);

/** "Edit yearly reminder": the same body, applied to the date's live reminders. */
export const PUT = userRoute(
  { permission: "write", body: dateReminderBodySchema, rateLimit: RATE_LIMITS.reminderWrite },
  async ({ actor, body }) => updateDateReminders(actor, body),
);
