import "server-only";
import { PLANS } from "@/config/plans";
import type { PlanType } from "@/db/schema/enums";
import type { Transaction } from "@/lib/db";
import { forbidden } from "@/lib/errors/domain-error";
import { lockWorkspace } from "@/lib/workspaces/lock-workspace";
import type { DateReminderBody } from "@/lib/validations/date-reminder";
import { assertMessageFields } from "./assert-message-fields";
import { ownContactDate } from "./own-contact-date";
import { assertContactReachable, REMINDER_ERRORS } from "./resolve-reminder-input";

/**
 * What creating and editing a date's reminders both check first, in the caller's transaction:
 * the workspace row locked (two tabs at once queue here), the date and its contact the workspace's, a plan
 * that allows yearly reminders, a contact reachable on its channel, and the message's fields.
 */
export async function lockDateReminderWrite(tx: Transaction, workspaceId: string, body: DateReminderBody) {
  const workspace = await lockWorkspace(tx, workspaceId);
  const { date, contact } = await ownContactDate(tx, workspaceId, body.contactDateId);
  if (!PLANS[workspace.planType as PlanType]?.recurringAllowed)
    throw forbidden(REMINDER_ERRORS.recurringPlan);
  assertContactReachable(contact, contact.deliveryMethod);
  // The user's own text: no unknown field, and {age} only from a date with a year.
  await assertMessageFields(tx, body.message, date.id);
  return { workspace, date, contact };
}
