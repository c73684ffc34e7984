import { keysetPageResponse } from "@/lib/api/keyset-page-response";
import { userRoute } from "@/lib/api/route";
import { assertReminderQuota } from "@/lib/reminders/assert-reminder-quota";
import { createReminder } from "@/lib/reminders/create-reminder";
import { listReminders } from "@/lib/reminders/list-reminders";
import { RATE_LIMITS } from "@/lib/security/rate-limit";
import { reminderInputSchema, reminderListQuerySchema } from "@/lib/validations/reminder";

/** The first page is a plain array; further pages via the `X-Next-Cursor` header (?cursor=). */
export const GET = userRoute({ query: reminderListQuerySchema }, async ({ user, query }) =>
  keysetPageResponse(await listReminders(user.id, query)),
);

export const POST = userRoute(
  {
    body: reminderInputSchema,
    // The quota is the first rule: over it, a request is told so before any field.
    beforeRules: ({ user }) => assertReminderQuota(user),
    status: 201,
    rateLimit: RATE_LIMITS.reminderWrite,
  },
  async ({ user, body }) => createReminder(user.id, body),
);
