import { userRoute } from "@/lib/api/route";
import { createReminder } from "@/lib/reminders/create-reminder";
import { listReminders } from "@/lib/reminders/list-reminders";
import { RATE_LIMITS } from "@/lib/security/rate-limit";
import { reminderBodySchema, reminderListQuerySchema } from "@/lib/validations/reminder";

/** The first page is SPEC's array; further pages via the `X-Next-Cursor` header (?cursor=). */
export const GET = userRoute({ query: reminderListQuerySchema }, async ({ user, query }) => {
  const page = await listReminders(user.id, query);
  const headers: Record<string, string> = {};
  if (page.nextCursor) headers["X-Next-Cursor"] = page.nextCursor;
  return Response.json(page.items, { headers });
});

export const POST = userRoute(
  { body: reminderBodySchema, status: 201, rateLimit: RATE_LIMITS.reminderWrite },
  async ({ user, body }) => createReminder(user.id, body),
);
