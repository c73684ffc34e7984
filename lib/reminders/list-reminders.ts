import "server-only";
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  isNotNull,
  isNull,
  sql,
  type Placeholder,
  type SQL,
} from "drizzle-orm";
import { contacts, reminders } from "@/db/schema";
import { db } from "@/lib/db";
import { keysetSortKey, textIdCursor } from "@/lib/db/keyset-cursor";
import type { ReminderListQuery } from "@/lib/validations/reminder";
import { groupSelection } from "./group-columns";
import { latestFailureCode } from "./latest-failure-code";
import { loadReminderClips } from "./load-reminder-clips";
import { toReminderDto, type ReminderDto } from "./to-reminder-dto";

export interface ReminderPage {
  items: ReminderDto[];
  /** Opaque; pass as ?cursor= for the next page. Null on the last page. */
  nextCursor: string | null;
}

export type PageQuery = Pick<ReminderListQuery, "status" | "view" | "limit"> & { cursor?: string };
type PageShape = Pick<PageQuery, "view"> & { oneStatus: boolean; after: boolean };
/** A value, or the placeholder a prepared statement binds it to. */
type Bound<T> = T | Placeholder;
interface PageValues {
  workspaceId: Bound<string>;
  status: Bound<string>;
  key: Bound<string>;
  id: Bound<string>;
  limit: Bound<number>;
}

function shapeOf(query: PageQuery): PageShape {
  return {
    view: query.view,
    oneStatus: query.view !== "schedule" && query.status !== "all",
    after: query.cursor !== undefined,
  };
}

/**
 * What a page selects, flat: the reminder's columns (in the table's order), then the contact's
 * name, the failure code, a group reminder's group name and member count, and the keyset's sort key.
 */
function pageSelection(schedule: boolean) {
  const sortKey = schedule ? reminders.nextRunAt : reminders.createdAt;
  return {
    ...getTableColumns(reminders),
    contactName: contacts.name,
    failureCode: latestFailureCode(),
    ...groupSelection(),
    sortKey: keysetSortKey(sortKey),
  };
}

function pageStatement(shape: PageShape, values: PageValues) {
  const schedule = shape.view === "schedule";
  const sortKey = schedule ? reminders.nextRunAt : reminders.createdAt;
  // Member reminders are shown inside their group reminder, never in the lists.
  const where: (SQL | undefined)[] = [
    eq(reminders.workspaceId, values.workspaceId),
    isNull(reminders.parentReminderId),
  ];
  if (schedule) {
    where.push(eq(reminders.status, "scheduled"), isNotNull(reminders.nextRunAt));
  } else if (shape.oneStatus) {
    where.push(eq(reminders.status, values.status));
  }
  if (shape.after) {
    where.push(
      schedule
        ? sql`(${sortKey}, ${reminders.id}) > (${values.key}::timestamptz, ${values.id})`
        : sql`(${sortKey}, ${reminders.id}) < (${values.key}::timestamptz, ${values.id})`,
    );
  }
  return db
    .select(pageSelection(schedule))
    .from(reminders)
    .leftJoin(contacts, eq(contacts.id, reminders.contactId))
    .where(and(...where))
    .orderBy(...(schedule ? [asc(sortKey), asc(reminders.id)] : [desc(sortKey), desc(reminders.id)]))
    .limit(values.limit);
}

function valuesOf(workspaceId: string, query: PageQuery) {
  const [key, id] = query.cursor ? textIdCursor.decode(query.cursor) : ["", ""];
  return { workspaceId, status: query.status, key, id, limit: query.limit + 1 };
}

/**
 * The one statement behind a page (exported so tests can read its plan): the keyset order is
 * served by reminders_workspace_created_id_idx / reminders_workspace_status_created_idx, so a page reads
 * limit + 1 rows instead of sorting every reminder of the user.
 */
export function reminderPageQuery(workspaceId: string, query: PageQuery) {
  return pageStatement(shapeOf(query), valuesOf(workspaceId, query));
}

// Each of the six shapes (view, one status or all, first or later page) is built once and
// prepared (a named statement per pooled connection): the list is the app's busiest read.
const prepared = new Map<string, ReturnType<ReturnType<typeof reminderPageTemplate>["prepare"]>>();

/** The page's statement with its values as placeholders (exported so tests can read its generic plan). */
export function reminderPageTemplate(query: PageQuery) {
  return pageStatement(shapeOf(query), {
    workspaceId: sql.placeholder("workspaceId"),
    status: sql.placeholder("status"),
    key: sql.placeholder("key"),
    id: sql.placeholder("id"),
    limit: sql.placeholder("limit"),
  });
}

function preparedPage(query: PageQuery) {
  const shape = shapeOf(query);
  const name = `reminder_page_${shape.view}_${shape.oneStatus ? "status" : "all"}_${shape.after ? "after" : "first"}`;
  let statement = prepared.get(name);
  if (!statement) {
    statement = reminderPageTemplate(query).prepare(name);
    prepared.set(name, statement);
  }
  return statement;
}

/**
 * GET /api/reminders, one page. view 'recent': newest first, optionally one status
 * (the reminders screen and dashboard). view 'schedule': scheduled reminders with a
 * due time, soonest first (the schedule screen).
 */
export async function listReminders(workspaceId: string, query: PageQuery): Promise<ReminderPage> {
  const rows = await preparedPage(query).execute(valuesOf(workspaceId, query));
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const clips = await loadReminderClips(page.flatMap((row) => (row.mediaId ? [row.mediaId] : [])));
  return {
    items: page.map((row) =>
      toReminderDto(
        row,
        row.contactName,
        row.failureCode,
        row.mediaId ? (clips.get(row.mediaId) ?? null) : null,
        row,
      ),
    ),
    nextCursor: rows.length > query.limit && last ? textIdCursor.encode(last.sortKey, last.id) : null,
  };
}
