import "server-only";
import type { contactDates, contacts, User } from "@/db/schema";
import type { ContactDateKind } from "@/db/schema/enums";
import { recipientTimeZone } from "@/lib/contacts/recipient-time-zone";
import type { Schedule } from "@/lib/recurrence";
import type { DateReminderBody } from "@/lib/validations/date-reminder";
import { dateReminderTexts } from "./date-reminder-texts";

export interface PlannedDateReminder {
  recipient: "contact" | "owner";
  deliveryMethod: "email" | "sms";
  message: string;
  schedule: Schedule;
  leadDays: number | null;
}

/**
 * What "Yearly reminder" asks for on a date: the yearly reminder to the contact (their zone,
 * their channel, the message or the kind's greeting in the user's language), then one yearly
 * e-mail to the user per lead, N days before, in the user's zone.
 */
export function planDateReminders(
  user: Pick<User, "locale" | "timezone">,
  date: typeof contactDates.$inferSelect,
  contact: typeof contacts.$inferSelect,
  body: DateReminderBody,
): PlannedDateReminder[] {
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
  return [
    {
      recipient: "contact",
      deliveryMethod: contact.deliveryMethod as "email" | "sms",
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
}
