import "server-only";
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { contactDates, contactGroupMembers, contacts, deliveries, reminders } from "@/db/schema";
import { db } from "@/lib/db";
import { contactColumns, readInstant } from "./contact-select";
import type { ContactDateView } from "./contact-view";

const workspaceId = sql.placeholder("workspaceId");

// contactSelect computes a contact's reminder count, last sent time and dates with a sub-query
// per contact (right for one contact). For the whole list each is one grouped pass over the
// user's rows instead, joined by contact: 3,000 sub-query runs for 1,000 contacts cost more than
// the three passes and the sort together. A reminder, delivery or date always belongs to its
// contact's owner (the API answers 404 for another user's contact, and deliveries copy their
// reminder's user and contact), so grouping by the user's rows gives the same values.
// The conditions are written out, not bound: a prepared statement's generic plan can use the
// partial index reminders_workspace_contact_live_idx only when its condition is in the text.
const reminderCounts = db
  .select({ contactId: reminders.contactId, count: sql<number>`count(*)::int`.as("reminder_count_n") })
  .from(reminders)
  .where(
    and(
      eq(reminders.workspaceId, workspaceId),
      sql`${reminders.status} <> 'cancelled'`,
      sql`${reminders.parentReminderId} is null`,
    ),
  )
  .groupBy(reminders.contactId)
  .as("reminder_counts");

const lastSent = db
  .select({ contactId: deliveries.contactId, sentAt: sql`max(${deliveries.sentAt})`.as("last_sent_at") })
  .from(deliveries)
  .where(and(eq(deliveries.workspaceId, workspaceId), sql`${deliveries.status} in ('sent', 'delivered')`))
  .groupBy(deliveries.contactId)
  .as("last_sent");

// A date's yearly reminder to the contact, if scheduled (the card's "Edit yearly reminder").
const yearly = alias(reminders, "yearly");

// Birthday, anniversary, then named dates by day of the year: contactSelect's order.
const datesByContact = db
  .select({
    contactId: contactDates.contactId,
    dates: sql`json_agg(json_build_object('id', ${contactDates.id}, 'kind', ${contactDates.kind},
      'label', ${contactDates.label}, 'month', ${contactDates.month}, 'day', ${contactDates.day},
      'year', ${contactDates.year}, 'hasYearlyReminder', ${yearly.id} is not null) order by ${contactDates.kind} <> 'birthday', ${contactDates.kind} <> 'anniversary',
      ${contactDates.month}, ${contactDates.day}, ${contactDates.createdAt})`.as("dates_json"),
  })
  .from(contactDates)
  // At most one row per date (reminders_one_per_contact_date_idx), so the join adds none.
  .leftJoin(
    yearly,
    and(
      eq(yearly.contactDateId, contactDates.id),
      sql`${yearly.recipient} = 'contact'`,
      sql`${yearly.status} = 'scheduled'`,
    ),
  )
  .where(eq(contactDates.workspaceId, workspaceId))
  .groupBy(contactDates.contactId)
  .as("contact_dates_json");

// The groups of each contact: one grouped pass over the user's memberships (the index
// contact_group_members_workspace_contact_idx holds all three columns).
const groupsByContact = db
  .select({
    contactId: contactGroupMembers.contactId,
    groupIds: sql`array_agg(${contactGroupMembers.groupId} order by ${contactGroupMembers.groupId})`.as(
      "group_ids_list",
    ),
  })
  .from(contactGroupMembers)
  .where(eq(contactGroupMembers.workspaceId, workspaceId))
  .groupBy(contactGroupMembers.contactId)
  .as("contact_group_ids");

/** A statement of the list, with `filter` added to the user's contacts. */
function listQuery(filter?: SQL) {
  return (
    db
      .select({
        ...contactColumns,
        reminderCount: sql<number>`coalesce(${reminderCounts.count}, 0)`,
        lastReminder: sql<Date | null>`${lastSent.sentAt}`.mapWith(readInstant),
        dates: sql<ContactDateView[]>`coalesce(${datesByContact.dates}, '[]'::json)`,
        groupIds: sql<string[]>`coalesce(${groupsByContact.groupIds}, '{}'::text[])`,
      })
      .from(contacts)
      .leftJoin(reminderCounts, eq(reminderCounts.contactId, contacts.id))
      .leftJoin(lastSent, eq(lastSent.contactId, contacts.id))
      .leftJoin(datesByContact, eq(datesByContact.contactId, contacts.id))
      .leftJoin(groupsByContact, eq(groupsByContact.contactId, contacts.id))
      .where(and(eq(contacts.workspaceId, workspaceId), filter))
      // By creation only: listContacts and listContactsJson sort by name in the user's language
      // (sortByName), which no single database collation gives for every language.
      .orderBy(asc(contacts.createdAt), asc(contacts.id))
  );
}

/**
 * A user's contacts in creation order (`workspaceId` placeholder), with contactSelect's fields in its order and
 * the same values (`tests/integration/contacts/list-contacts-json.test.ts` compares them).
 */
export const contactListQuery = listQuery();

/**
 * The same for the members of one group (`groupId` placeholder; the membership's primary key
 * answers each contact). The caller checks the group is the user's: the user id condition
 * alone keeps another user's members out.
 */
export const groupContactListQuery = listQuery(
  sql`exists (select 1 from ${contactGroupMembers} m where m.group_id = ${sql.placeholder("groupId")} and m.contact_id = ${contacts.id})`,
);
