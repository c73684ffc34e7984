import "server-only";
import { eq } from "drizzle-orm";
import { PLANS } from "@/config/plans";
import { users } from "@/db/schema";
import type { PlanType } from "@/db/schema/enums";
import type { Transaction } from "@/lib/db";
import { forbidden, unauthenticated } from "@/lib/errors/domain-error";
import type { DateReminderBody } from "@/lib/validations/date-reminder";
import { assertMessageFields } from "./assert-message-fields";
import { ownContactDate } from "./own-contact-date";
import { assertContactReachable, REMINDER_ERRORS } from "./resolve-reminder-input";

/**
 * What creating and editing a date's reminders both check first, in the caller's transaction:
 * the user row locked (two tabs at once queue here), the date and its contact the user's, a plan
 * that allows yearly reminders, a contact reachable on its channel, and the message's fields.
 */
export async function lockDateReminderWrite(tx: Transaction, userId: string, body: DateReminderBody) {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
  if (!user) throw unauthenticated();
  const { date, contact } = await ownContactDate(tx, userId, body.contactDateId);
  if (!PLANS[user.planType as PlanType]?.recurringAllowed) throw forbidden(REMINDER_ERRORS.recurringPlan);
  assertContactReachable(contact, contact.deliveryMethod);
  // The user's own text: no unknown field, and {age} only from a date with a year.
  await assertMessageFields(tx, body.message, date.id);
  return { user, date, contact };
}
