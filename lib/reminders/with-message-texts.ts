import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { contactDates, contacts, users } from "@/db/schema";
import { toLocale } from "@/i18n/locales";
import { db } from "@/lib/db";
import { renderFields, type YearlyDate } from "@/lib/messages/render-fields";
import { utcToLocal } from "@/lib/recurrence";
import { senderNameSql } from "@/lib/users/sender-name";
import type { ReminderDto } from "./to-reminder-dto";

// A group reminder's fields are filled per member: the list shows its message as written.
const hasFields = (reminder: ReminderDto) =>
  reminder.recipient !== "group" && Boolean(reminder.message?.includes("{"));

/**
 * Fills the fields of the listed reminders' messages as the engine fills them
 * (`renderFields`: the contact's name, the sender name, the contact date, `{date}` in the
 * recipient's language) for the occurrence the row is about: the next one, else the last sent.
 * Reads nothing when no message has a field; another user's contacts are never read.
 */
export async function withMessageTexts(workspaceId: string, items: ReminderDto[]): Promise<ReminderDto[]> {
  const templated = items.filter(hasFields);
  if (templated.length === 0) return items;
  const contactIds = [...new Set(templated.flatMap((r) => (r.contactId ? [r.contactId] : [])))];
  const dateIds = [...new Set(templated.flatMap((r) => (r.contactDateId ? [r.contactDateId] : [])))];
  const [[user], contactRows, dateRows] = await Promise.all([
    db
      .select({ senderName: senderNameSql(users), locale: users.locale })
      .from(users)
      .where(eq(users.id, workspaceId)),
    contactIds.length
      ? db
          .select({ id: contacts.id, locale: contacts.locale })
          .from(contacts)
          .where(and(eq(contacts.workspaceId, workspaceId), inArray(contacts.id, contactIds)))
      : [],
    dateIds.length
      ? db
          .select({
            id: contactDates.id,
            month: contactDates.month,
            day: contactDates.day,
            year: contactDates.year,
          })
          .from(contactDates)
          .where(and(eq(contactDates.workspaceId, workspaceId), inArray(contactDates.id, dateIds)))
      : [],
  ]);
  if (!user) return items;
  const localeOf = new Map(contactRows.map((c) => [c.id, c.locale]));
  const dateOf = new Map<string, YearlyDate>(dateRows.map(({ id, ...date }) => [id, date]));
  return items.map((reminder) => {
    if (!hasFields(reminder) || !reminder.message) return reminder;
    const at = reminder.nextRunAt ?? reminder.lastSentAt ?? reminder.scheduledFor ?? reminder.createdAt;
    const { year, month, day } = utcToLocal(Date.parse(at), reminder.timezone);
    const messageText = renderFields(reminder.message, {
      contactName: reminder.contactName ?? "",
      senderName: user.senderName,
      locale: toLocale((reminder.contactId && localeOf.get(reminder.contactId)) || user.locale),
      occurrenceDate: { year, month, day },
      contactDate: reminder.contactDateId ? (dateOf.get(reminder.contactDateId) ?? null) : null,
    });
    return { ...reminder, messageText };
  });
}
