import "server-only";
import { sql } from "drizzle-orm";
import { contactGroups } from "@/db/schema";
import type { Transaction } from "@/lib/db";
import { insertGroup } from "./create-group";

/** The group a name stands for, and whether this call created it. */
export interface NamedGroup {
  id: string;
  created: boolean;
}

/**
 * The workspace's groups by name, in the caller's transaction: a name matches the group whose
 * name it is whatever the case (PostgreSQL's `lower`, as the unique index compares them), and
 * a name no group has becomes a new group (insertGroup: the group limit, one name per group),
 * spelled as first given. Names that differ only in case are one group. Answers every given
 * name's group.
 */
export async function findOrCreateGroups(
  tx: Transaction,
  workspaceId: string,
  names: readonly string[],
): Promise<Map<string, NamedGroup>> {
  const given = [...new Set(names)];
  const { rows } = await tx.execute<{ name: string; key: string; id: string | null }>(sql`
    select n.name, lower(n.name) as key, ${contactGroups.id} as id
      from unnest(${sql.param(given)}::text[]) with ordinality as n(name, at)
      left join ${contactGroups}
        on ${contactGroups.workspaceId} = ${workspaceId} and lower(${contactGroups.name}) = lower(n.name)
     order by n.at`);
  const byKey = new Map<string, NamedGroup>();
  for (const row of rows) if (row.id) byKey.set(row.key, { id: row.id, created: false });
  const found = new Map<string, NamedGroup>();
  for (const row of rows) {
    let group = byKey.get(row.key);
    if (!group) {
      group = { id: await insertGroup(tx, workspaceId, row.name), created: true };
      byKey.set(row.key, group);
    }
    found.set(row.name, group);
  }
  return found;
}
