import { apiKeyRoute } from "@/lib/api/api-key-route";
import {
  cancelReminderOperation,
  getReminderOperation,
  updateReminderOperation,
} from "@/lib/api/v1/reminder-operations";
import { cancelReminder } from "@/lib/reminders/cancel-reminder";
import { findEditableReminder } from "@/lib/reminders/find-editable-reminder";
import { getReminder } from "@/lib/reminders/get-reminder";
import { updateReminder } from "@/lib/reminders/update-reminder";

export const GET = apiKeyRoute(getReminderOperation, async ({ actor, params }) =>
  getReminder(actor.workspace.id, params.id),
);

export const PUT = apiKeyRoute(
  updateReminderOperation,
  async ({ actor, params, body }) => updateReminder(actor, params.id, body),
  // An unknown or uneditable reminder is answered as such before the body's rules.
  { beforeRules: ({ actor, params }) => findEditableReminder(actor.workspace.id, params.id) },
);

export const DELETE = apiKeyRoute(cancelReminderOperation, async ({ actor, params }) =>
  cancelReminder(actor, params.id),
);
