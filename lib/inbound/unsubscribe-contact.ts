import "server-only";
import { sql } from "drizzle-orm";
import { contacts } from "@/db/schema";
import { pool } from "@/lib/db";
import { columnName, compileStatement } from "@/lib/db/compile-statement";

const UNSUBSCRIBE = compileStatement<{ token: string }>(
  (
    p,
  ) => sql`update ${contacts} set ${columnName(contacts.emailOptOut)} = true, ${columnName(contacts.updatedAt)} = now()
    where ${contacts.unsubscribeToken} = ${p.token}`,
);

/** E-mail List-Unsubscribe: the contact with this token stops receiving e-mail reminders. */
export async function unsubscribeContact(token: string): Promise<boolean> {
  const res = await UNSUBSCRIBE.run(pool, { token });
  return (res.rowCount ?? 0) > 0;
}
