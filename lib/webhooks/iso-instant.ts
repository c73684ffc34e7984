import { sql, type SQL } from "drizzle-orm";

/** A timestamptz as JSON would write it in JS (toISOString): UTC, milliseconds, `Z`. */
export function isoInstant(expr: SQL): SQL {
  return sql`to_char((${expr}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
