import { apiKeyRoute } from "@/lib/api/api-key-route";
import { pageAnswer } from "@/lib/api/v1/page-answer";
import { createReminderOperation, listRemindersOperation } from "@/lib/api/v1/reminder-operations";
import { assertReminderQuota } from "@/lib/reminders/assert-reminder-quota";
import { createReminder } from "@/lib/reminders/create-reminder";
import { listReminders } from "@/lib/reminders/list-reminders";

export const GET = apiKeyRoute(listRemindersOperation, async ({ actor, query }) =>
  pageAnswer(await listReminders(actor.workspace.id, query)),
);

export const POST = apiKeyRoute(
  createReminderOperation,
  async ({ actor, body }) => createReminder(actor, body),
  // The quota is the first rule, as in the app: over it, a request is told so before any field.
  { beforeRules: ({ actor }) => assertReminderQuota(actor.workspace) },
);
