import "server-only";
import { sql } from "drizzle-orm";

// Written out with the table's name: drizzle leaves columns unqualified in a one-table select,
// and inside these sub-queries an unqualified "id" would be the sub-query's own row.

/**
 * The members a group reminder counts (`memberCount`): its member reminders that are not
 * cancelled (scheduled, or sent and failed for a one-off), or, once the group reminder itself is
 * cancelled, those stopped with it (same `cancelled_at`), so a cancelled reminder still says whom
 * it was for. Members who left were stopped earlier and are not counted. Read through
 * reminders_parent_contact_key; only for group rows.
 */
export function memberCountSql() {
  return sql<number | null>`case when "reminders"."recipient" = 'group' then (
      select count(*)::int from "reminders" m
       where m.parent_reminder_id = "reminders"."id"
         and (m.status <> 'cancelled'
              or ("reminders"."status" = 'cancelled' and m.cancelled_at = "reminders"."cancelled_at"))
    ) end`;
}

/** A group reminder's group name (null otherwise): one primary-key look-up, only for group rows. */
export function groupNameSql() {
  return sql<string | null>`case when "reminders"."group_id" is not null then (
      select g.name from "contact_groups" g where g.id = "reminders"."group_id"
    ) end`;
}

/** What list statements select besides the reminder's columns, for `toReminderDto`'s group argument. */
export function groupSelection() {
  return { groupName: groupNameSql(), memberCount: memberCountSql() };
}
