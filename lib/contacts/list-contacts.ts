import { and, asc, eq, ne, sql } from "drizzle-orm";
import { contacts, reminders } from "@/db/schema";
import { db } from "@/lib/db";
import { contactSelect } from "./contact-select";
import { withEmailDisplay } from "./email-display";

export type ContactDto = Awaited<ReturnType<typeof listContacts>>[number];

const userId = sql.placeholder("userId");

// The user's reminder counts in one grouped pass instead of contactSelect's per-contact
// subquery: with 1,000 contacts that subquery was 1,000 index probes and most of the
// statement's time. A reminder's contact is always one of its owner's contacts, so counting
// the user's own reminders gives the same numbers.
const reminderCounts = db
  .select({
    contactId: reminders.contactId,
    count: sql<number>`count(*)::int`.as("reminder_count_n"),
  })
  .from(reminders)
  .where(and(eq(reminders.userId, userId), ne(reminders.status, "cancelled")))
  .groupBy(reminders.contactId)
  .as("reminder_counts");

// Built once and prepared (a named statement per pooled connection), so neither Drizzle nor
// PostgreSQL builds or plans it again on each request.
const listStatement = db
  .select({ ...contactSelect, reminderCount: sql<number>`coalesce(${reminderCounts.count}, 0)` })
  .from(contacts)
  .leftJoin(reminderCounts, eq(reminderCounts.contactId, contacts.id))
  .where(eq(contacts.userId, userId))
  .orderBy(asc(sql`lower(${contacts.name})`), asc(contacts.createdAt))
  .prepare("list_contacts");

/** A user's contacts by name, each with its reminder count and last reminder. */
export async function listContacts(userId: string) {
  const rows = await listStatement.execute({ userId });
  return rows.map(withEmailDisplay);
}
