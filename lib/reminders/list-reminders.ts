import { and, asc, desc, eq, isNotNull, sql, type SQL } from "drizzle-orm";
import { contacts, deliveries, reminders } from "@/db/schema";
import { badRequest } from "@/lib/api/errors";
import { db } from "@/lib/db";
import type { ReminderListQuery } from "@/lib/validations/reminder";
import { toReminderDto, type ReminderDto } from "./to-reminder-dto";

export interface ReminderPage {
  items: ReminderDto[];
  /** Opaque; pass as ?cursor= for the next page. Null on the last page. */
  nextCursor: string | null;
}

// Keyset pagination. The cursor carries the sort key as PostgreSQL's own text for the
// timestamp (microseconds), so no row is skipped or repeated between pages.
function encodeCursor(key: string, id: string): string {
  return Buffer.from(JSON.stringify([key, id])).toString("base64url");
}

function decodeCursor(cursor: string): [string, string] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString());
    if (Array.isArray(value) && value.length === 2 && value.every((part) => typeof part === "string")) {
      if (!Number.isNaN(Date.parse(value[0]))) return [value[0], value[1]];
    }
  } catch {
    // fall through
  }
  throw badRequest("cursor: Invalid cursor");
}

/**
 * The one statement behind a page (exported so tests can read its plan): the keyset order is
 * served by reminders_user_created_id_idx / reminders_user_status_created_idx, so a page reads
 * limit + 1 rows instead of sorting every reminder of the user.
 */
export function reminderPageQuery(
  userId: string,
  query: Pick<ReminderListQuery, "status" | "view" | "limit"> & { cursor?: string },
) {
  const schedule = query.view === "schedule";
  const sortKey = schedule ? reminders.nextRunAt : reminders.createdAt;
  const where: (SQL | undefined)[] = [eq(reminders.userId, userId)];
  if (schedule) {
    where.push(eq(reminders.status, "scheduled"), isNotNull(reminders.nextRunAt));
  } else if (query.status !== "all") {
    where.push(eq(reminders.status, query.status));
  }
  if (query.cursor) {
    const [key, id] = decodeCursor(query.cursor);
    where.push(
      schedule
        ? sql`(${sortKey}, ${reminders.id}) > (${key}::timestamptz, ${id})`
        : sql`(${sortKey}, ${reminders.id}) < (${key}::timestamptz, ${id})`,
    );
  }
  return db
    .select({
      reminder: reminders,
      contactName: contacts.name,
      // The failed row's reason: read only for reminders showing an error (unique index scan).
      failureCode: sql<string | null>`case when ${reminders.lastError} is not null then (
        select ${deliveries.errorCode} from ${deliveries}
         where ${deliveries.reminderId} = ${reminders.id} and ${deliveries.status} = 'failed'
         order by ${deliveries.occurrenceAt} desc limit 1) end`,
      sortKey: sql<string>`to_char(${sortKey} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(reminders)
    .leftJoin(contacts, eq(contacts.id, reminders.contactId))
    .where(and(...where))
    .orderBy(...(schedule ? [asc(sortKey), asc(reminders.id)] : [desc(sortKey), desc(reminders.id)]))
    .limit(query.limit + 1);
}

/**
 * GET /api/reminders, one page. view 'recent': newest first, optionally one status
 * (the reminders screen and dashboard). view 'schedule': scheduled reminders with a
 * due time, soonest first (the schedule screen).
 */
export async function listReminders(
  userId: string,
  query: Pick<ReminderListQuery, "status" | "view" | "limit"> & { cursor?: string },
): Promise<ReminderPage> {
  const rows = await reminderPageQuery(userId, query);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    items: page.map((row) => toReminderDto(row.reminder, row.contactName, row.failureCode)),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.sortKey, last.reminder.id) : null,
  };
}
