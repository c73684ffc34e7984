import "server-only";
import { pool } from "@/lib/db";

/** E-mail List-Unsubscribe: the contact with this token stops receiving e-mail reminders. */
export async function unsubscribeContact(token: string): Promise<boolean> {
  const res = await pool.query(
    `update contacts set email_opt_out = true, updated_at = now() where unsubscribe_token = $1`,
    [token],
  );
  return (res.rowCount ?? 0) > 0;
}
