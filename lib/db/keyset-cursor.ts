import "server-only";
import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { invalidInput } from "@/lib/errors/domain-error";

/**
 * A list's keyset cursor over (instant, id): the sort key travels as PostgreSQL's own text of
 * the instant, to the microsecond (a JavaScript Date keeps milliseconds), so no row is skipped
 * or repeated between pages. The id is the row's key, text or integer.
 */
export interface KeysetCursor<Id> {
  encode(key: string, id: Id): string;
  /** Throws an invalid-input error naming `cursor` for anything `encode` did not write. */
  decode(cursor: string): [key: string, id: Id];
}

function keysetCursor<Id extends string | number>(isId: (value: unknown) => value is Id): KeysetCursor<Id> {
  return {
    encode: (key, id) => Buffer.from(JSON.stringify([key, id])).toString("base64url"),
    decode(cursor) {
      try {
        const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString());
        if (
          Array.isArray(value) &&
          value.length === 2 &&
          typeof value[0] === "string" &&
          !Number.isNaN(Date.parse(value[0])) &&
          isId(value[1])
        ) {
          return [value[0], value[1]];
        }
      } catch {
        // not base64url JSON: refused below
      }
      throw invalidInput("cursor: Invalid cursor");
    },
  };
}

/** Cursors of lists keyed by a text id (reminders). */
export const textIdCursor = keysetCursor((value): value is string => typeof value === "string");

/** Cursors of lists keyed by an integer id (deliveries). */
export const integerIdCursor = keysetCursor((value): value is number => Number.isSafeInteger(value));

/** The sort key a cursor carries, selected beside a page's rows: the instant in UTC to the microsecond. */
export function keysetSortKey(column: AnyColumn): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}
