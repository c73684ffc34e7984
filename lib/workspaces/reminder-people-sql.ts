import "server-only";
import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { users, workspaceMembers, workspaces } from "@/db/schema";
import { columnName } from "@/lib/db/compile-statement";
import { senderNameSql } from "@/lib/users/sender-name";

/** The workspace of the row, and the two people a statement reads through reminderPeopleSql. */
const ws = alias(workspaces, "ws");
const sp = alias(users, "sp");
const lp = alias(users, "lp");

const p = alias(users, "p");
const o = alias(workspaceMembers, "o");
const m = alias(workspaceMembers, "m");

/** The person columns the laterals return, under the users table's own names (so `sp.<column>` reads them). */
const PERSON_COLUMNS = sql.join(
  [p.id, p.email, p.locale, p.timezone, p.senderName, p.firstName, p.lastName, p.name].map(
    (column) => sql`${column} as ${columnName(column)}`,
  ),
  sql`, `,
);

/** The workspace's owner (at most one: workspace_members_one_owner_key). */
const owner = (workspaceId: AnyColumn | SQL) =>
  sql`select ${PERSON_COLUMNS} from ${workspaceMembers} ${o} join ${users} ${p} on ${p.id} = ${o.userId}
    where ${o.workspaceId} = ${workspaceId} and ${o.role} = 'owner'`;

export interface ReminderPeople {
  /**
   * `join workspaces ws … left join lateral (…) sp … left join lateral (…) lp …`: goes after the
   * table whose columns were given (the laterals read them).
   */
  join: SQL;
  /** The row's workspace. */
  workspace: typeof ws;
  /**
   * The person a reminder answers to: its creator while they are a member of its workspace, else
   * the workspace's owner. Lead e-mails and follow-ups go to them, e-mail replies (Reply-To) too,
   * and the engine writes the reasons they read in their language.
   */
  lead: typeof lp;
  /**
   * The name contacts see (`{sender}`, the From name): the workspace's name when it sends as
   * itself (senderIdentity 'workspace'), else the creator's sender name, else (their account is
   * gone) the owner's.
   */
  senderName: SQL<string>;
}

/**
 * The people behind a workspace's reminder (or contact), for the engine's hand-written
 * statements: one join of the workspace by primary key and two lateral lookups by primary key
 * (the creator; the owner only when the creator does not answer). Each `union all … limit 1`
 * stops at its first row: PostgreSQL's Append runs its branches in order, so the owner is read
 * only when the creator is not there. A statement uses it once (its aliases are fixed).
 */
export function reminderPeopleSql(row: {
  workspaceId: AnyColumn | SQL;
  createdBy: AnyColumn | SQL;
}): ReminderPeople {
  const join = sql`join ${workspaces} ${ws} on ${ws.id} = ${row.workspaceId}
    left join lateral (
      select ${PERSON_COLUMNS} from ${users} ${p} where ${p.id} = ${row.createdBy}
      union all ${owner(row.workspaceId)}
      limit 1) ${sp} on true
    left join lateral (
      select ${PERSON_COLUMNS} from ${users} ${p} where ${p.id} = ${row.createdBy}
        and exists (select 1 from ${workspaceMembers} ${m} where ${m.workspaceId} = ${row.workspaceId} and ${m.userId} = ${p.id})
      union all ${owner(row.workspaceId)}
      limit 1) ${lp} on true`;
  const senderName = sql<string>`case when ${ws.senderIdentity} = 'workspace' then ${ws.name}
    else coalesce(${senderNameSql(sp)}, ${ws.name}) end`;
  return { join, workspace: ws, lead: lp, senderName };
}
