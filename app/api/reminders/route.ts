import { keysetPageResponse } from "@/lib/api/keyset-page-response";
import { userRoute } from "@/lib/api/route";
import { assertReminderQuota } from "@/lib/reminders/assert-reminder-quota";
import { createReminder } from "@/lib/reminders/create-reminder";
import { listReminders } from "@/lib/reminders/list-reminders";
import { withMessageTexts } from "@/lib/reminders/with-message-texts";
import { RATE_LIMITS } from "@/lib/security/rate-limit";
import { reminderInputSchema, reminderListQuerySchema } from "@/lib/validations/reminder";

/**
 * The first page is a plain array; further pages via the `X-Next-Cursor` header (?cursor=).
 * The screens' list: each message also as the contact will read it (`messageText`).
 */
export const GET = userRoute(
  { permission: "read", query: reminderListQuerySchema },
  async ({ actor, query }) => {
    const page = await listReminders(actor.workspace.id, query);
    return keysetPageResponse({ ...page, items: await withMessageTexts(actor.workspace.id, page.items) });
  },
);

export const POST = userRoute(
  {
    permission: "write",
    body: reminderInputSchema,
    // The quota is the first rule: over it, a request is told so before any field.
    beforeRules: ({ actor }) => assertReminderQuota(actor.workspace),
    status: 201,
    rateLimit: RATE_LIMITS.reminderWrite,
  },
  async ({ actor, body }) => createReminder(actor, body),
);
