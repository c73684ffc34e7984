import { afterAll, beforeAll } from "vitest";
import pg from "pg";
import { startSmtpSink, type SmtpSink } from "@/tests/support/smtp-sink";

/**
 * The setting of a worker fault test: a slow SMTP peer (20 ms a message, so a signal lands
 * mid-burst) and a client on the test's database, started before the file's tests and closed
 * after. Read `sink` and `client` inside tests (they exist once beforeAll has run).
 */
export function slowMailBurst() {
  const fixture = {} as { sink: SmtpSink; client: pg.Client };
  beforeAll(async () => {
    fixture.sink = await startSmtpSink({ latencyMs: 20 });
    fixture.client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await fixture.client.connect();
  });
  afterAll(async () => {
    await fixture.client.end();
    await fixture.sink.close();
  });
  return {
    get sink() {
      return fixture.sink;
    },
    get client() {
      return fixture.client;
    },
    /** The `n` column of a one-row query. */
    count: async (sql: string, params: unknown[] = []) =>
      (await fixture.client.query(sql, params)).rows[0].n as number,
    /** Environment of a worker process on the test's database, mailing the slow peer. */
    workerEnv: (extra: Record<string, string> = {}) => ({
      DATABASE_URL: process.env.DATABASE_URL!,
      SMTP_URL: fixture.sink.url,
      WORKER_CONCURRENCY: "4",
      LOG_LEVEL: "error",
      ...extra,
    }),
  };
}
