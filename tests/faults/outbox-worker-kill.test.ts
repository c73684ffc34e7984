import { afterAll, beforeAll, expect, it } from "vitest";
import pg from "pg";
import { seedDue, spawnWorker, waitUntil } from "@/tests/support/bench-kit";

// More than one worker leases at once (4 batches of 200), so both hold some of the burst.
const N = 2_000;
let client: pg.Client;
const count = async (sql: string, params: unknown[] = []) =>
  (await client.query(sql, params)).rows[0].n as number;

beforeAll(async () => {
  client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
});
afterAll(async () => {
  await client.end();
});

it("with the dev outbox, a worker killed with SIGKILL mid-burst leaves each message kept exactly once", async () => {
  // No SMTP_URL: e-mail goes to the dev outbox (DEV_OUTBOX with a loopback APP_URL in production).
  const env = {
    DATABASE_URL: process.env.DATABASE_URL!,
    DEV_OUTBOX: "1",
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
    await seedDue(client, { reminders: N, users: 20, dueAt: new Date(Date.now() + 2_000), smsShare: 0 });
    // Mid-burst, while the victim holds deliveries.
    await waitUntil(
      async () =>
        (await count("select count(*)::int as n from outbox_messages")) >= 100 &&
        (await count(
          "select count(*)::int as n from deliveries where status = 'sending' and worker_id like $1",
          [`%:${victim.pid}:%`],
        )) > 0,
      120_000,
      20,
    );
    const exited = new Promise((resolve) => victim.once("exit", resolve));
    victim.kill("SIGKILL");
    await exited;
    // What the dead worker held once its last write has ended (PostgreSQL finishes a statement
    // before it notices its client is gone; a SHARE lock waits for writes in progress).
    await client.query("begin");
    await client.query("lock table deliveries in share mode");
    const held = await count(
      "select count(*)::int as n from deliveries where status = 'sending' and worker_id like $1",
      [`%:${victim.pid}:%`],
    );
    await client.query("commit");
    console.log(`killed worker ${victim.pid} holding ${held} deliveries`);
    expect(held).toBeGreaterThan(0);

    await waitUntil(
      async () => (await count("select count(*)::int as n from deliveries where status = 'sent'")) >= N,
      120_000,
      250,
    );
    // Every delivery's message is in the outbox once, and each sent row names its own copy.
    const { rows } = await client.query<{ kept: number; recipients: number }>(
      "select count(*)::int as kept, count(distinct o.to)::int as recipients from outbox_messages o",
    );
    expect(rows[0]).toEqual({ kept: N, recipients: N });
    const unmatched = await count(
      `select count(*)::int as n from deliveries d
        where d.status = 'sent'
          and not exists (select 1 from outbox_messages o where 'outbox-' || o.id = d.provider_message_id)`,
    );
    expect(unmatched).toBe(0);
    // The ones the dead worker held were taken over, with no copy left behind by it.
    expect(await count("select count(*)::int as n from deliveries where attempt_count > 1")).toBe(held);
  } finally {
    for (const worker of [victim, survivor]) if (worker.exitCode === null) worker.kill("SIGKILL");
  }
});
