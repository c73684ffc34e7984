import "server-only";
import { inArray } from "drizzle-orm";
import { contactGroups, reminders } from "@/db/schema";
import type { Transaction } from "@/lib/db";

/** Rows by table, as deleteContact kept them (to_jsonb of each row). */
type Rows = Record<string, Record<string, unknown>[]>;

const ids = (rows: Record<string, unknown>[] | undefined, key: string) => [
  ...new Set((rows ?? []).map((r) => r[key]).filter((v): v is string => typeof v === "string")),
];

/**
 * A deleted contact's rows without those whose group went while it was deleted: a deleted group
 * takes its memberships and its group reminders, and so the contact's member reminders of them
 * with their deliveries, replies and calls (as its deletion would have, had the contact been there).
 */
export async function restorableRows(tx: Transaction, rows: Rows): Promise<Rows> {
  const groupIds = ids(rows.contact_group_members, "group_id");
  const parentIds = ids(rows.reminders, "parent_reminder_id");
  const groups = new Set(
    groupIds.length > 0
      ? (
          await tx
            .select({ id: contactGroups.id })
            .from(contactGroups)
            .where(inArray(contactGroups.id, groupIds))
        ).map((g) => g.id)
      : [],
  );
  const parents = new Set(
    parentIds.length > 0
      ? (await tx.select({ id: reminders.id }).from(reminders).where(inArray(reminders.id, parentIds))).map(
          (r) => r.id,
        )
      : [],
  );
  const gone = new Set(
    (rows.reminders ?? [])
      .filter((r) => typeof r.parent_reminder_id === "string" && !parents.has(r.parent_reminder_id))
      .map((r) => r.id),
  );
  if (gone.size === 0 && groups.size === groupIds.length) return rows;
  const goneDeliveries = new Set(
    (rows.deliveries ?? []).filter((d) => gone.has(d.reminder_id)).map((d) => d.id),
  );
  const keep = (table: string, test: (row: Record<string, unknown>) => boolean) =>
    (rows[table] ?? []).filter(test);
  return {
    ...rows,
    contact_group_members: keep("contact_group_members", (m) => groups.has(m.group_id as string)),
    reminders: keep("reminders", (r) => !gone.has(r.id)),
    group_occurrences: keep("group_occurrences", (o) => !gone.has(o.reminder_id)),
    deliveries: keep("deliveries", (d) => !gone.has(d.reminder_id)),
    delivery_replies: keep("delivery_replies", (x) => !gone.has(x.reminder_id)),
    delivery_calls: keep("delivery_calls", (x) => !goneDeliveries.has(x.delivery_id)),
  };
}
