import { afterAll, beforeAll, expect, it } from "vitest";
import pg from "pg";
import { LEASE_MS } from "@/lib/delivery/constants";
import { seedDue, spawnWorker, waitUntil } from "@/scripts/bench/bench-kit";
import { startSmtpSink, type SmtpSink } from "@/tests/helpers/smtp-sink";

const N = 1_500;
let sink: SmtpSink;
let client: pg.Client;

beforeAll(async () => {
  // A slow peer (20 ms a message) so that the kill lands mid-burst.
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

it("a worker killed with SIGKILL mid-burst leaves work the other worker finishes, each occurrence once", async () => {
  const env = {
    DATABASE_URL: process.env.DATABASE_URL!,
    SMTP_URL: sink.url,
    WORKER_CONCURRENCY: "4",
    LOG_LEVEL: "error",
  };
  const victim = spawnWorker(env);
  const survivor = spawnWorker(env);
  try {
    await waitUntil(
      async () => (await count("select count(*)::int as n from worker_heartbeats")) >= 2,
      60_000,
    );
    await seedDue(client, { reminders: N, users: 20, dueAt: new Date(Date.now() + 2_000) });
    await waitUntil(
      async () => (await count("select count(*)::int as n from deliveries where status = 'sent'")) >= 200,
      120_000,
      50,
    );

    victim.kill("SIGKILL");
    const killedAt = Date.now();
    const held = await client.query<{ n: number; until: Date | null }>(
      `select count(*)::int as n, max(lease_expires_at) as until from deliveries
        where status = 'sending' and worker_id like $1`,
      [`%:${victim.pid}:%`],
    );
    console.log(`killed worker ${victim.pid} holding ${held.rows[0].n} deliveries`);

    await waitUntil(
      async () => (await count(`select count(*)::int as n from deliveries where status = 'sent'`)) >= N,
      180_000,
      250,
    );
    const takeoverSeconds = (Date.now() - killedAt) / 1000;
    // What the dead worker held became available when its lease ran out: within LEASE_MS
    // (+ one heartbeat) of its death, inside the 60 s target.
    if (held.rows[0].until)
      expect(held.rows[0].until.getTime() - killedAt).toBeLessThanOrEqual(LEASE_MS + 5_000);
    expect(LEASE_MS + 5_000).toBeLessThanOrEqual(60_000);

    const recipients = sink.messages.map((m) => m.to[0]);
    const distinct = new Set(recipients).size;
    const ambiguous = await count(`select count(*)::int as n from deliveries where attempt_count > 1`);
    console.log(
      `all ${N} delivered ${takeoverSeconds.toFixed(1)} s after the kill; duplicates ${recipients.length - distinct}; ` +
        `ambiguous window (taken over after a possible send): ${ambiguous}`,
    );
    expect(distinct).toBe(N);
    expect(await count(`select count(*)::int as n from deliveries`)).toBe(N);
    // A duplicate is only possible for an occurrence taken over from the dead worker.
    expect(recipients.length - distinct).toBeLessThanOrEqual(ambiguous);
  } finally {
    victim.kill("SIGKILL");
    survivor.kill("SIGTERM");
  }
});
