import "server-only";
import type { DeliveryMethod } from "@/db/schema/enums";
import { toLocale } from "@/i18n/locales";
import { deliveryTranslator } from "@/lib/messages/render-message";
import { renderFields, type YearlyDate } from "@/lib/messages/render-fields";
import { utcToLocal, type RecurrenceLines } from "@/lib/recurrence";
import type { CalendarTranslator } from "./calendar-translator";
import type { FeedOccurrence, FeedReminder } from "./feed-occurrences";
import { formatIcsUtc, type IcsEvent } from "./write-ics";

/** How long each event lasts in the calendar: a marker, not a block of time. */
export const EVENT_MINUTES = 15;

export interface FeedReminderRow extends FeedReminder {
  message: string | null;
  deliveryMethod: string;
  recipient: string;
  /** The contact's name; a group reminder's: its group's. */
  contactName: string;
  /** The language the message goes out in: the contact's, else the user's. */
  messageLocale: string | null;
  contactDate: YearlyDate | null;
}

export interface EventContext {
  t: CalendarTranslator;
  senderName: string;
  remindersUrl: string;
  /** The domain part of every UID, so UIDs stay unique across calendars. */
  uidDomain: string;
}

/**
 * One VEVENT for one occurrence, or with `recurrence` for a recurring reminder from that
 * occurrence on. The UID is the reminder's id and the (first) occurrence's instant, so a calendar
 * app sees the same event on every fetch until the reminder is edited or the occurrence is sent.
 * The description is the message as it will be sent, its fields filled for that day (a series
 * is one only when its words are the same every time).
 */
export function toCalendarEvent(
  { reminder, at }: FeedOccurrence<FeedReminderRow>,
  ctx: EventContext,
  recurrence?: RecurrenceLines,
): IcsEvent {
  const locale = toLocale(reminder.messageLocale);
  const body = reminder.message?.trim();
  // A group reminder's fields are filled per member when sent: shown as written.
  const description = body
    ? reminder.recipient === "group"
      ? body
      : renderFields(body, {
          contactName: reminder.contactName,
          senderName: ctx.senderName,
          locale,
          occurrenceDate: utcToLocal(at.getTime(), reminder.timezone),
          contactDate: reminder.contactDate,
        })
    : deliveryTranslator(locale)("defaultMessage", { sender: ctx.senderName });
  const summary =
    reminder.recipient === "owner"
      ? ctx.t("summaryOwner", { name: reminder.contactName })
      : ctx.t("summary", { name: reminder.contactName, channel: reminder.deliveryMethod as DeliveryMethod });
  return {
    uid: `${reminder.id}-${formatIcsUtc(at)}@${ctx.uidDomain}`,
    start: at,
    ...(recurrence ? { recurrence } : {}),
    durationMinutes: EVENT_MINUTES,
    summary,
    description,
    url: ctx.remindersUrl,
  };
}
