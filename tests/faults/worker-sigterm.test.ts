import { once } from "node:events";
import { afterAll, beforeAll, expect, it } from "vitest";
import pg from "pg";
import { seedDue, spawnWorker, waitUntil } from "@/scripts/bench/bench-kit";
import { startSmtpSink, type SmtpSink } from "@/tests/helpers/smtp-sink";

const N = 1_500;
let sink: SmtpSink;
let client: pg.Client;

beforeAll(async () => {
  // A slow peer (20 ms a message) so that the signal lands mid-burst.
  sink = await startSmtpSink({ latencyMs: 20 });
  client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
});

afterAll(async () => {
  await client.end();
  await sink.close();
});

const count = async (sql: string, params: unknown[] = []) =>
  (await client.query(sql, params)).rows[0].n as number;

it("a worker stopped with SIGTERM mid-burst releases what it holds and exits; after a restart each occurrence is sent once", async () => {
  const env = {
    DATABASE_URL: process.env.DATABASE_URL!,
    SMTP_URL: sink.url,
    WORKER_CONCURRENCY: "4",
    SHUTDOWN_TIMEOUT_MS: "20000",
    LOG_LEVEL: "error",
  };
  const first = spawnWorker(env);
  let restarted: ReturnType<typeof spawnWorker> | undefined;
  try {
    await waitUntil(async () => (await count("select count(*)::int as n from worker_heartbeats")) >= 1, 60_000);
    await seedDue(client, { reminders: N, users: 20, dueAt: new Date(Date.now() + 2_000) });
    await waitUntil(
      async () => (await count("select count(*)::int as n from deliveries where status = 'sent'")) >= 200,
      120_000,
      50,
    );

    const exited = once(first, "exit") as Promise<[number | null, NodeJS.Signals | null]>;
    first.kill("SIGTERM");
    const [code, signal] = await exited;
    const sentAtExit = await count(`select count(*)::int as n from deliveries where status = 'sent'`);
    const held = await count(
      `select count(*)::int as n from deliveries where status = 'sending' and worker_id like $1`,
      [`%:${first.pid}:%`],
    );
    const released = await count(`select count(*)::int as n from deliveries where status = 'queued'`);
    console.log(
      `SIGTERM: worker exited with code ${code}; ${sentAtExit} sent, ${released} released, ${held} still held`,
    );
    expect(signal).toBeNull();
    expect(code).toBe(0);
    // Everything it had claimed was either sent and recorded or handed back: nothing waits for a lease.
    expect(held).toBe(0);
    expect(sentAtExit).toBeLessThan(N);
    // Every message that left was recorded before the exit.
    expect(new Set(sink.messages.map((m) => m.to[0])).size).toBe(sentAtExit);

    restarted = spawnWorker(env);
    await waitUntil(
      async () => (await count(`select count(*)::int as n from deliveries where status = 'sent'`)) >= N,
      180_000,
      250,
    );
    const recipients = sink.messages.map((m) => m.to[0]);
    const distinct = new Set(recipients).size;
    console.log(`after the restart: ${recipients.length} messages for ${distinct} occurrences`);
    expect(distinct).toBe(N);
    expect(recipients.length).toBe(N);
    expect(await count(`select count(*)::int as n from deliveries`)).toBe(N);
    // No occurrence was charged twice: released reservations were given back before the new lease.
    expect(
      await count(`select coalesce(sum(reminders_used_current_period), 0)::int as n from users`),
    ).toBe(N);
  } finally {
    first.kill("SIGKILL");
    restarted?.kill("SIGTERM");
  }
});
