import "server-only";
import { sql, type AnyColumn, type SQL } from "drizzle-orm";

/** The users columns a person's name is made of, from the table or an alias of it. */
export interface PersonColumns {
  firstName: AnyColumn;
  lastName: AnyColumn;
  name: AnyColumn;
  email: AnyColumn;
}

/**
 * displayName(user) || user.email in SQL, for a users table (or an alias of it) joined to a list:
 * first and last name, else the Auth.js name, else the e-mail. Null when the join found nobody.
 */
export function personNameSql(person: PersonColumns): SQL<string | null> {
  return sql<string | null>`coalesce(
    nullif(concat_ws(' ', nullif(trim(${person.firstName}), ''), nullif(trim(${person.lastName}), '')), ''),
    nullif(trim(${person.name}), ''),
    ${person.email})`;
}
