import "server-only";
import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { contactDates, contacts, reminders } from "@/db/schema";
import { toLocale } from "@/i18n/locales";
import { compileStatement } from "@/lib/db/compile-statement";
import { pool } from "@/lib/db";
import { renderFields } from "@/lib/messages/render-fields";
import { utcToLocal } from "@/lib/recurrence";
import { reminderPeopleSql } from "@/lib/workspaces/reminder-people-sql";
import type { ReminderDto } from "./to-reminder-dto";

const hasFields = (reminder: ReminderDto) => Boolean(reminder.message?.includes("{"));

interface TextRow {
  id: string;
  /** The reader's language: a lead reminder's lead person's, else the contact's, else the lead person's. */
  locale: string | null;
  sender_name: string;
  date_month: number | null;
  date_day: number | null;
  date_year: number | null;
  /** A group reminder: its first member by name (each member's fields are their own). */
  member_name: string | null;
  member_locale: string | null;
}

const r = alias(reminders, "r");
const c = alias(contacts, "c");
const cd = alias(contactDates, "cd");
const mr = alias(reminders, "mr");
const mc = alias(contacts, "mc");
const people = reminderPeopleSql({ workspaceId: r.workspaceId, createdBy: r.createdBy });

/** Who reads each reminder and what fills its fields, as the engine reads them (leased-row.ts). */
const TEXT_PARTS = compileStatement<{ workspaceId: string; ids: string[] }, TextRow>(
  (p) => sql`select ${r.id} as id,
      case when ${r.recipient} = 'owner' then ${people.lead.locale}
        when ${r.recipient} = 'group' then coalesce(fm.member_locale, ${people.lead.locale})
        else coalesce(${c.locale}, ${people.lead.locale}) end as locale,
      ${people.senderName} as sender_name,
      ${cd.month} as date_month, ${cd.day} as date_day, ${cd.year} as date_year,
      fm.member_name, fm.member_locale
    from ${reminders} ${r} ${people.join}
      left join ${contacts} ${c} on ${c.id} = ${r.contactId}
      left join ${contactDates} ${cd} on ${cd.id} = ${r.contactDateId}
      left join lateral (
        select ${mc.name} as member_name, ${mc.locale} as member_locale
          from ${reminders} ${mr} join ${contacts} ${mc} on ${mc.id} = ${mr.contactId}
         where ${r.recipient} = 'group' and ${mr.parentReminderId} = ${r.id} and ${mr.status} <> 'cancelled'
         order by ${mc.name}, ${mc.id} limit 1) fm on true
    where ${r.workspaceId} = ${p.workspaceId} and ${r.id} = any(${p.ids})`,
);

/**
 * Fills the fields of the listed reminders' messages as the engine fills them
 * (`renderFields`: the contact's name, the sender name, the contact date, `{date}` in the
 * reader's language) for the occurrence the row is about: the next one, else the last sent.
 * The reader is the contact, or for a lead reminder its lead person: a Spanish member's lead
 * reminder about a French contact is Spanish through and through. A group reminder is shown as
 * its first member (by name) reads it, named in `messageFor`: the lists say it is personalised. Reads nothing when no message
 * has a field; another workspace's reminders are never read.
 */
export async function withMessageTexts(workspaceId: string, items: ReminderDto[]): Promise<ReminderDto[]> {
  const templated = items.filter(hasFields);
  if (templated.length === 0) return items;
  const { rows } = await TEXT_PARTS.run(pool, { workspaceId, ids: templated.map((reminder) => reminder.id) });
  const partsOf = new Map(rows.map((row) => [row.id, row]));
  return items.map((reminder) => {
    const parts = partsOf.get(reminder.id);
    if (!parts || !hasFields(reminder) || !reminder.message) return reminder;
    // A group's message is filled for each member: shown as its first member reads it, and said so.
    const group = reminder.recipient === "group";
    if (group && parts.member_name === null) return reminder;
    const at = reminder.nextRunAt ?? reminder.lastSentAt ?? reminder.scheduledFor ?? reminder.createdAt;
    const { year, month, day } = utcToLocal(Date.parse(at), reminder.timezone);
    const messageText = renderFields(reminder.message, {
      contactName: (group ? parts.member_name : reminder.contactName) ?? "",
      senderName: parts.sender_name,
      locale: toLocale(parts.locale),
      occurrenceDate: { year, month, day },
      contactDate:
        parts.date_month === null
          ? null
          : { month: parts.date_month, day: parts.date_day ?? 1, year: parts.date_year },
    });
    return { ...reminder, messageText, messageFor: group ? (parts.member_name ?? undefined) : undefined };
  });
}
