import "server-only";
import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { contacts } from "@/db/schema";
import { pool } from "@/lib/db";
import { compileStatement } from "@/lib/db/compile-statement";
import { reminderPeopleSql } from "@/lib/workspaces/reminder-people-sql";

export interface UnsubscribeTarget {
  email: string | null;
  senderName: string;
  optedOut: boolean;
}

const c = alias(contacts, "c");
/** The contact's sender as its reminders name it: the workspace, or the contact's creator (else the owner). */
const people = reminderPeopleSql({ workspaceId: c.workspaceId, createdBy: c.createdBy });

const FIND = compileStatement<
  { token: string },
  { email: string | null; sender_name: string; email_opt_out: boolean }
>(
  (
    p,
  ) => sql`select ${c.email} as email, ${c.emailOptOut} as email_opt_out, ${people.senderName} as sender_name
    from ${contacts} ${c} ${people.join}
    where ${c.unsubscribeToken} = ${p.token}`,
);

/** What the unsubscribe page shows for a footer link's token (null: no such contact). Reads only. */
export async function findUnsubscribeTarget(token: string): Promise<UnsubscribeTarget | null> {
  const { rows } = await FIND.run(pool, { token });
  const row = rows[0];
  return row ? { email: row.email, senderName: row.sender_name, optedOut: row.email_opt_out } : null;
}
