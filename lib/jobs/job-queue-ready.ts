import "server-only";
import { sql } from "drizzle-orm";
import { compileStatement, type Queryable } from "@/lib/db/compile-statement";

// Once graphile-worker has created its schema in our database it stays: the answer is kept,
// so recording outcomes does not pay this round trip on every flush.
let ready = false;

const QUEUE_READY = compileStatement<Record<string, never>, { ready: boolean }>(
  () =>
    sql`select to_regprocedure('graphile_worker.add_job(text,json,text,timestamptz,integer,text,integer,text[],text)') is not null as ready`,
);

/**
 * Whether graphile-worker's queue exists yet (`graphile_worker.add_job`): a database no engine
 * has started on has none, and jobs queued in SQL then have nowhere to go.
 */
export async function jobQueueReady(client: Queryable): Promise<boolean> {
  if (ready) return true;
  const { rows } = await QUEUE_READY.run(client, {});
  ready = rows[0]?.ready === true;
  return ready;
}
