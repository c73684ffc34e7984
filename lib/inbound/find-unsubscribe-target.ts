import "server-only";
import { pool } from "@/lib/db";
import { senderNameSql } from "@/lib/users/sender-name";

const SENDER_NAME = senderNameSql("u");

export interface UnsubscribeTarget {
  email: string | null;
  senderName: string;
  optedOut: boolean;
}

/** What the unsubscribe page shows for a footer link's token (null: no such contact). Reads only. */
export async function findUnsubscribeTarget(token: string): Promise<UnsubscribeTarget | null> {
  const { rows } = await pool.query<{ email: string | null; sender_name: string; email_opt_out: boolean }>(
    `select c.email, c.email_opt_out,
            ${SENDER_NAME} as sender_name
       from contacts c join users u on u.id = c.user_id
      where c.unsubscribe_token = $1`,
    [token],
  );
  const row = rows[0];
  return row ? { email: row.email, senderName: row.sender_name, optedOut: row.email_opt_out } : null;
}
