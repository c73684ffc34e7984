import "server-only";
import { and, eq } from "drizzle-orm";
import { PLANS } from "@/config/plans";
import { contactDates, contacts, reminders, users } from "@/db/schema";
import type { ContactDateKind, PlanType } from "@/db/schema/enums";
import { forbidden, notFound, unauthenticated } from "@/lib/errors/domain-error";
import { recipientTimeZone } from "@/lib/contacts/recipient-time-zone";
import { db } from "@/lib/db";
import { firstOccurrence, type Schedule } from "@/lib/recurrence";
import type { DateReminderBody } from "@/lib/validations/date-reminder";
import { assertMessageFields } from "./assert-message-fields";
import { assertReminderQuota } from "./assert-reminder-quota";
import { dateReminderTexts } from "./date-reminder-texts";
import { assertContactReachable, REMINDER_ERRORS } from "./resolve-reminder-input";
import { toReminderDto } from "./to-reminder-dto";
import { scheduleColumns } from "@/lib/recurrence/schedule-from-row";

/**
 * POST /api/reminders/from-date, in one transaction holding the user row locked:
 * - a yearly reminder to the contact on the date's month and day at `time`, in the contact's
 *   zone (chosen, else their phone's country's, else the user's), by the contact's channel;
 * - for each lead N, a yearly reminder to the user (recipient 'owner', by e-mail, in the user's
 *   zone) N days before the date at the same `time`.
 * Each one is a reminder for the plan's quota and is checked as it is added, so when the quota
 * runs out part way nothing at all is created. Another user's date is a 404.
 */
export async function createDateReminders(userId: string, body: DateReminderBody, now = new Date()) {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!user) throw unauthenticated();
    const [found] = await tx
      .select({ date: contactDates, contact: contacts })
      .from(contactDates)
      .innerJoin(contacts, eq(contacts.id, contactDates.contactId))
      .where(and(eq(contactDates.id, body.contactDateId), eq(contactDates.userId, userId)));
    if (!found) throw notFound({ code: "contact_date_not_found", message: "Contact date not found" });
    const { date, contact } = found;
    if (!PLANS[user.planType as PlanType]?.recurringAllowed) throw forbidden(REMINDER_ERRORS.recurringPlan);
    const method = contact.deliveryMethod as "email" | "sms";
    assertContactReachable(contact, method);

    // The user's own text: no unknown field, and {age} only from a date with a year.
    await assertMessageFields(tx, body.message, date.id);
    const languages = { contact: contact.locale ?? user.locale, user: user.locale };
    const texts = dateReminderTexts(languages, { ...date, kind: date.kind as ContactDateKind });
    const yearly = (timezone: string, leadDays?: number): Schedule => ({
      scheduleType: "recurring",
      frequency: "yearly",
      time: body.time,
      month: date.month,
      dayOfMonth: date.day,
      endCondition: "never",
      leadDays,
      timezone,
    });
    const planned = [
      {
        recipient: "contact" as const,
        deliveryMethod: method,
        message: body.message ?? texts.greeting,
        schedule: yearly(recipientTimeZone(contact, user.timezone)),
        leadDays: null,
      },
      ...body.leadDays.map((days) => ({
        recipient: "owner" as const,
        deliveryMethod: "email" as const,
        message: texts.lead,
        schedule: yearly(user.timezone, days),
        leadDays: days,
      })),
    ];
    const created = [];
    for (const item of planned) {
      await assertReminderQuota(tx, user);
      // A yearly date always has a next occurrence (29 February falls on the 28th otherwise).
      const next = firstOccurrence(item.schedule, now)!;
      const [row] = await tx
        .insert(reminders)
        .values({
          userId,
          contactId: contact.id,
          type: "text",
          message: item.message,
          status: "scheduled",
          deliveryMethod: item.deliveryMethod,
          ...scheduleColumns(item.schedule, next),
          nextRunAt: next,
          contactDateId: date.id,
          recipient: item.recipient,
          leadDays: item.leadDays,
        })
        .returning();
      created.push(toReminderDto(row, contact.name));
    }
    return created;
  });
}
