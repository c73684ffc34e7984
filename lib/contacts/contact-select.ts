import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { contacts, users } from "@/db/schema";
import { authorshipSql } from "@/lib/users/authorship-sql";
import { contactPreferencesSql } from "./contact-preferences-sql";
import type { ContactDateView } from "./contact-view";

/**
 * The members who created and last changed a contact: every statement that selects
 * contactColumns left-joins them on created_by and updated_by.
 */
export const contactCreator = alias(users, "contact_creator");
export const contactUpdater = alias(users, "contact_updater");

/** A contact's own columns that GET /api/contacts returns, in the answer's order. */
export const contactColumns = {
  id: contacts.id,
  workspaceId: contacts.workspaceId,
  name: contacts.name,
  email: contacts.email,
  phone: contacts.phone,
  relationship: contacts.relationship,
  avatarUrl: contacts.avatarUrl,
  deliveryMethod: contacts.deliveryMethod,
  emailOptOut: contacts.emailOptOut,
  smsOptOut: contacts.smsOptOut,
  whatsappOptOut: contacts.whatsappOptOut,
  callOptOut: contacts.callOptOut,
  whatsappConsentAt: contacts.whatsappConsentAt,
  whatsappConsentSource: contacts.whatsappConsentSource,
  timezone: contacts.timezone,
  locale: contacts.locale,
  emailSuppressedAt: contacts.emailSuppressedAt,
  emailSuppressedReason: contacts.emailSuppressedReason,
  /** What the contact chose on their preferences page (read-only for the workspace). */
  preferences: contactPreferencesSql,
  forgetRequestedAt: contacts.forgetRequestedAt,
  createdAt: contacts.createdAt,
  /** "Created by" and "Last changed by" (the creator and updater joined by primary key). */
  authorship: authorshipSql(contacts, contactCreator, contactUpdater),
};

/** A stored instant as the driver gives it (text), read as a Date as Drizzle reads columns. */
export const readInstant = (value: string | Date | null) => (value ? new Date(value) : null);

/**
 * The fields GET /api/contacts returns for each contact: contactColumns plus four computed
 * in SQL (here per contact; the list computes them for all contacts at once):
 * - reminderCount: the contact's reminders that are not cancelled (scheduled, sent, failed); a
 *   group reminder's share for a member is not one (the Reminders screen lists the group's).
 * - lastReminder: when a reminder was last actually sent to this contact (the latest
 *   delivery that reached 'sent' or 'delivered'), or null if none ever was.
 * - dates: the contact's yearly dates, each saying whether its yearly reminder is scheduled.
 * - groupIds: the ids of the groups the contact is in.
 */
export const contactSelect = {
  ...contactColumns,
  // Columns are spelled out: inside a select list Drizzle leaves them unqualified.
  reminderCount: sql<number>`(
    select count(*)::int from reminders r
    where r.contact_id = "contacts"."id" and r.status <> 'cancelled' and r.parent_reminder_id is null
  )`.as("reminder_count"),
  lastReminder: sql<Date | null>`(
    select max(d.sent_at) from deliveries d
    where d.contact_id = "contacts"."id" and d.status in ('sent', 'delivered')
  )`
    .mapWith(readInstant)
    .as("last_reminder"),
  // Birthday, anniversary, then named dates by day of the year: the order the card shows.
  dates: sql<ContactDateView[]>`coalesce((
    select json_agg(json_build_object('id', cd.id, 'kind', cd.kind, 'label', cd.label, 'month', cd.month,
      'day', cd.day, 'year', cd.year, 'hasYearlyReminder', exists (
        select 1 from reminders yr where yr.contact_date_id = cd.id and yr.recipient = 'contact'
          and yr.status = 'scheduled'))
      order by cd.kind <> 'birthday', cd.kind <> 'anniversary', cd.month, cd.day, cd.created_at)
    from contact_dates cd where cd.contact_id = "contacts"."id"
  ), '[]'::json)`.as("dates"),
  // The groups the contact is in, by id (the contacts screen names them from GET /api/groups).
  groupIds: sql<string[]>`coalesce((
    select array_agg(m.group_id order by m.group_id) from contact_group_members m
    where m.contact_id = "contacts"."id"
  ), '{}'::text[])`.as("group_ids"),
};

export const ownContact = (workspaceId: string, contactId: string) =>
  and(eq(contacts.workspaceId, workspaceId), eq(contacts.id, contactId));
