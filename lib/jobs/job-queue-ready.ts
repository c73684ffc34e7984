import "server-only";
import type pg from "pg";

// Once graphile-worker has created its schema in our database it stays: the answer is kept,
// so recording outcomes does not pay this round trip on every flush.
let ready = false;

/**
 * Whether graphile-worker's queue exists yet (`graphile_worker.add_job`): a database no engine
 * has started on has none, and jobs queued in SQL then have nowhere to go.
 */
export async function jobQueueReady(client: Pick<pg.PoolClient, "query">): Promise<boolean> {
  if (ready) return true;
  const { rows } = await client.query<{ ready: boolean }>(
    `select to_regprocedure('graphile_worker.add_job(text,json,text,timestamptz,integer,text,integer,text[],text)') is not null as ready`,
  );
  ready = rows[0]?.ready === true;
  return ready;
}
