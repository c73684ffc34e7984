import pg from "pg";
import { isDatabaseUnreachable } from "@/lib/db/database-unreachable";

/**
 * The harness's own connections to whichever node is primary, which outlive a failover: every
 * statement is tried again, for up to `patienceMs`, while the database cannot be reached.
 */
export function resilientPool(connectionString: string, patienceMs = 120_000) {
  const pool = new pg.Pool({ connectionString, max: 4, keepAlive: true });
  pool.on("error", () => {});
  async function query<R extends pg.QueryResultRow>(
    text: string,
    values?: unknown[],
  ): Promise<pg.QueryResult<R>> {
    const deadline = Date.now() + patienceMs;
    for (;;) {
      try {
        return await pool.query<R>(text, values);
      } catch (error) {
        if (!isDatabaseUnreachable(error) || Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  }
  return { query, end: () => pool.end() };
}

export type ResilientPool = ReturnType<typeof resilientPool>;

/**
 * Asks, every `everyMs`, through `url` (the app's own path: PgBouncer, HAProxy) for a
 * transaction id, which only a primary gives: when the app last had a primary before an instant,
 * and first had one again after it.
 */
export function probePrimary(url: string, everyMs = 100) {
  const pool = new pg.Pool({
    connectionString: url,
    max: 1,
    connectionTimeoutMillis: 2_000,
    query_timeout: 15_000,
  });
  pool.on("error", () => {});
  const answers: { at: number; ok: boolean; error?: string }[] = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const sent = Date.now();
      try {
        await pool.query("select txid_current()");
        answers.push({ at: Date.now(), ok: true });
      } catch (error) {
        answers.push({
          at: Date.now(),
          ok: false,
          error: error instanceof Error ? error.message : String(error),
        });
      }
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, everyMs - (Date.now() - sent))));
    }
  })();
  return {
    /**
     * The longest time, from the last answer before `from` on, between two answers from a primary
     * (each one's completion), once a primary has answered after `settledAt`; and when, in seconds
     * from `from`, that stretch ended. A query the pooler held while no primary was there ends it
     * when it is answered.
     */
    async outage(from: number, settledAt: number, timeoutMs = 120_000) {
      const deadline = Date.now() + timeoutMs;
      while (!answers.some((a) => a.ok && a.at > settledAt)) {
        if (Date.now() > deadline) throw new Error("no primary answered through the pooler");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const ok = answers.filter((a) => a.ok).map((a) => a.at);
      let previous = ok.filter((at) => at <= from).at(-1) ?? from;
      let longest = { seconds: 0, endedAfterSeconds: 0 };
      for (const at of ok.filter((t) => t > from)) {
        if (at - previous > longest.seconds * 1000) {
          longest = {
            seconds: Number(((at - previous) / 1000).toFixed(2)),
            endedAfterSeconds: Number(((at - from) / 1000).toFixed(2)),
          };
        }
        previous = at;
      }
      return longest;
    },
    failures: (from: number) => answers.filter((a) => !a.ok && a.at > from).map((a) => a.error ?? ""),
    async stop() {
      stopped = true;
      await loop;
      await pool.end();
    },
  };
}
