import { apiKeyRoute } from "@/lib/api/api-key-route";
import { quickAddOperation } from "@/lib/api/v1/quick-add-operation";
import { draftReminder } from "@/lib/reminders/draft-reminder";

export const POST = apiKeyRoute(quickAddOperation, async ({ actor, body }) =>
  draftReminder(actor, body.text, body.locale),
);
