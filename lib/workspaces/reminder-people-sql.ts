import "server-only";
import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { users, workspaceMembers, workspaces } from "@/db/schema";
import { columnName } from "@/lib/db/compile-statement";
import { senderNameSql } from "@/lib/users/sender-name";

/** The row's workspace, its creator and (only when needed) its owner, as the statements read them. */
const ws = alias(workspaces, "ws");
const cr = alias(users, "cr");
const ow = alias(users, "ow");

const p = alias(users, "p");
const o = alias(workspaceMembers, "o");
const m = alias(workspaceMembers, "m");

/** The person columns the laterals return, under the users table's own names (so `cr.<column>` reads them). */
const PERSON_COLUMNS = sql.join(
  [p.id, p.email, p.locale, p.timezone, p.senderName, p.firstName, p.lastName, p.name].map(
    (column) => sql`${column} as ${columnName(column)}`,
  ),
  sql`, `,
);

export interface ReminderPeople {
  /**
   * `join workspaces ws … left join lateral (…) cr … left join lateral (…) ow …`: goes after the
   * table whose columns were given (the laterals read them).
   */
  join: SQL;
  /** The row's workspace. */
  workspace: typeof ws;
  /**
   * The person a reminder answers to: its creator while they are a member of its workspace, else
   * the workspace's owner. Lead e-mails and follow-ups go to them, e-mail replies (Reply-To) too,
   * and the engine writes the reasons they read in their language. Null only for a workspace
   * without an owner.
   */
  lead: Record<"email" | "locale" | "timezone", SQL>;
  /**
   * The name contacts see (`{sender}`, the From name): the workspace's name when it sends as
   * itself (senderIdentity 'workspace'), else the creator's sender name, else (their account is
   * gone) the owner's.
   */
  senderName: SQL<string>;
}

/**
 * The people behind a workspace's reminder (or contact), for the engine's hand-written
 * statements: the workspace by primary key, the creator by primary key with whether they are a
 * member (the membership's primary key), and the owner only for a row whose creator is gone or
 * no member any more (a one-time filter on the creator's lateral: the others read nothing). The
 * `limit 1`s keep each lateral a subquery of its own: pulled up into the join, the owner was read
 * for every row. A statement uses it once (its aliases are fixed).
 */
export function reminderPeopleSql(row: {
  workspaceId: AnyColumn | SQL;
  createdBy: AnyColumn | SQL;
}): ReminderPeople {
  const join = sql`join ${workspaces} ${ws} on ${ws.id} = ${row.workspaceId}
    left join lateral (
      select ${PERSON_COLUMNS}, exists (select 1 from ${workspaceMembers} ${m}
          where ${m.workspaceId} = ${row.workspaceId} and ${m.userId} = ${p.id}) as member
        from ${users} ${p} where ${p.id} = ${row.createdBy} limit 1) ${cr} on true
    left join lateral (
      select ${PERSON_COLUMNS} from ${workspaceMembers} ${o} join ${users} ${p} on ${p.id} = ${o.userId}
       where ${o.workspaceId} = ${row.workspaceId} and ${o.role} = 'owner' and ${sql.identifier("cr")}.member is not true
       limit 1) ${ow} on true`;
  const leadOf = (column: "email" | "locale" | "timezone") =>
    sql`case when ${sql.identifier("cr")}.member then ${cr[column]} else ${ow[column]} end`;
  const senderName = sql<string>`case when ${ws.senderIdentity} = 'workspace' then ${ws.name}
    else coalesce(${senderNameSql(cr)}, ${senderNameSql(ow)}, ${ws.name}) end`;
  return {
    join,
    workspace: ws,
    lead: { email: leadOf("email"), locale: leadOf("locale"), timezone: leadOf("timezone") },
    senderName,
  };
}
