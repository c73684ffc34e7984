import "server-only";
import { sql, type Column, type SQL } from "drizzle-orm";

/**
 * The name recipients see a user's reminders come from: the sender name, else first and last
 * name, else the account's name, else the e-mail. One rule, written for rows already read
 * (`senderNameOf`) and for queries over the users table (`senderNameSql`).
 */
export function senderNameOf(user: {
  senderName: string | null;
  firstName: string | null;
  lastName: string | null;
  name: string | null;
  email: string;
}): string {
  const full = [user.firstName, user.lastName].filter(Boolean).join(" ").trim();
  return user.senderName?.trim() || full || user.name?.trim() || user.email;
}

/** Whether the user has a name to sign with: without one, recipients see their e-mail address. */
export function hasSenderName(user: Parameters<typeof senderNameOf>[0]): boolean {
  return senderNameOf(user) !== user.email;
}

/** `senderNameOf` as a SQL expression over the users table (or an alias of it) in the query. */
export function senderNameSql(
  u: Record<"senderName" | "firstName" | "lastName" | "name" | "email", Column>,
): SQL<string> {
  return sql<string>`coalesce(nullif(${u.senderName}, ''), nullif(trim(concat_ws(' ', ${u.firstName}, ${u.lastName})), ''), ${u.name}, ${u.email})`;
}
