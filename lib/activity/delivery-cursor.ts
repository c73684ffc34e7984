import "server-only";
import { invalidInput } from "@/lib/errors/domain-error";

// Keyset cursors over (timestamp, id): the timestamp as PostgreSQL's own text (microseconds),
// so no row is skipped or repeated between pages.
export function encodeDeliveryCursor(at: string, id: number): string {
  return Buffer.from(JSON.stringify([at, id])).toString("base64url");
}

export function decodeDeliveryCursor(cursor: string): [string, number] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString());
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === "string" &&
      !Number.isNaN(Date.parse(value[0])) &&
      Number.isSafeInteger(value[1])
    ) {
      return [value[0], value[1] as number];
    }
  } catch {
    // fall through
  }
  throw invalidInput("cursor: Invalid cursor");
}
