import { beforeAll, expect, it } from "vitest";
import pg from "pg";
import { pool } from "@/lib/db";
import { CommitOutcomeUnknownError } from "@/lib/db/commit-outcome-unknown";
import { isDatabaseUnreachable } from "@/lib/db/database-unreachable";
import { withTransaction } from "@/lib/db/with-transaction";

// A table whose rows wait 1 s at COMMIT (a deferred constraint trigger): long enough to end the
// backend while its COMMIT is in progress, as a failover does.
beforeAll(async () => {
  await pool.query(`
    create table retry_probe (id serial primary key, note text not null);
    create function retry_probe_slow_commit() returns trigger language plpgsql as
      $$ begin if new.note = 'slow' then perform pg_sleep(1); end if; return null; end $$;
    create constraint trigger retry_probe_at_commit after insert on retry_probe
      deferrable initially deferred for each row execute function retry_probe_slow_commit();`);
});

async function terminate(pid: number, afterMs = 0) {
  await new Promise((resolve) => setTimeout(resolve, afterMs));
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query("select pg_terminate_backend($1)", [pid]);
  await admin.end();
}

const notes = async () =>
  (await pool.query<{ note: string }>("select note from retry_probe order by id")).rows;

it("a transaction whose connection drops before COMMIT is run again when its caller allows it, and fails at once when not", async () => {
  let attempts = 0;
  const work = (client: pg.PoolClient) =>
    (async () => {
      attempts++;
      await client.query("insert into retry_probe (note) values ('retried')");
      if (attempts === 1) {
        const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
        await terminate(rows[0].pid);
      }
      await client.query("select 1");
      return attempts;
    })();

  expect(await withTransaction(work, { retryForMs: 10_000 })).toBe(2);
  expect(await notes()).toEqual([{ note: "retried" }]);

  attempts = 0;
  const error = await withTransaction(work).catch((e: unknown) => e);
  expect(isDatabaseUnreachable(error)).toBe(true);
  expect(error).not.toBeInstanceOf(CommitOutcomeUnknownError);
  expect(attempts).toBe(1);
  expect(await notes()).toEqual([{ note: "retried" }]);
});

it("a connection that drops during COMMIT fails as an unknown outcome and is never run again", async () => {
  let attempts = 0;
  const error = await withTransaction(
    async (client) => {
      attempts++;
      await client.query("insert into retry_probe (note) values ('slow')");
      const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
      // Ended half-way through the commit's 1 s wait.
      void terminate(rows[0].pid, 500);
    },
    { retryForMs: 10_000 },
  ).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(CommitOutcomeUnknownError);
  expect((error as Error).message).toContain("whether the transaction was committed is unknown");
  // Still an outage to the API (503 database_unavailable), not a 500.
  expect(isDatabaseUnreachable(error)).toBe(true);
  expect(attempts).toBe(1);
});
