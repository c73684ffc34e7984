import "server-only";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Queryable } from "@/lib/db/compile-statement";
import type { DbOrTx } from "@/lib/db";

/** A caller's transaction: a pooled pg client (the engine's style) or a Drizzle one. */
export type WebhookClient = Queryable | DbOrTx;

const dialect = new PgDialect({ casing: "snake_case" });

/** Runs `query` on either kind of client, in its transaction. */
export async function runOn<R extends Record<string, unknown>>(
  client: WebhookClient,
  query: SQL,
): Promise<{ rows: R[]; rowCount: number }> {
  if ("execute" in client) {
    const res = await client.execute(query);
    return { rows: res.rows as R[], rowCount: res.rowCount ?? 0 };
  }
  const { sql: text, params } = dialect.sqlToQuery(query);
  const res = await client.query<R>(text, params);
  return { rows: res.rows, rowCount: res.rowCount ?? 0 };
}
