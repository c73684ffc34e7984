import { expect, it } from "vitest";
import { LEASE_MS } from "@/lib/delivery/constants";
import { seedDue, sinkGrace, spawnWorker, waitUntil } from "@/tests/support/bench-kit";
import { slowMailBurst } from "./slow-mail-burst";

const N = 1_500;
const burst = slowMailBurst();
const { count } = burst;

it("a worker killed with SIGKILL mid-burst leaves work the other worker finishes, each occurrence once", async () => {
  const env = burst.workerEnv();
  const victim = spawnWorker(env);
  const survivor = spawnWorker(env);
  try {
    await waitUntil(
      async () => (await count("select count(*)::int as n from worker_heartbeats")) >= 2,
      60_000,
    );
    await seedDue(burst.client, { reminders: N, users: 20, dueAt: new Date(Date.now() + 2_000) });
    await waitUntil(
      async () => (await count("select count(*)::int as n from deliveries where status = 'sent'")) >= 200,
      120_000,
      50,
    );

    const victimExited = new Promise((resolve) => victim.once("exit", resolve));
    victim.kill("SIGKILL");
    await victimExited;
    // The instant of death on the database's clock, and what the dead worker still held.
    const [{ killed_at: killedAt }] = (
      await burst.client.query<{ killed_at: Date }>("select now() as killed_at")
    ).rows;
    // PostgreSQL finishes a statement before it notices its client is gone: the dead worker's
    // last outcome write (waiting on a row lock, say) may still commit. Wait for every write in
    // progress on deliveries to end (a SHARE lock waits for them) before reading what it held.
    await burst.client.query("begin");
    await burst.client.query("lock table deliveries in share mode");
    const held = await burst.client.query<{ id: string; lease_expires_at: Date }>(
      `select id, lease_expires_at from deliveries where status = 'sending' and worker_id like $1`,
      [`%:${victim.pid}:%`],
    );
    await burst.client.query("commit");
    console.log(`killed worker ${victim.pid} holding ${held.rows.length} deliveries`);
    // With a 20 ms peer and batches of 200 the dead worker always holds some: otherwise
    // this test would not be testing a takeover at all.
    expect(held.rows.length).toBeGreaterThan(0);

    await waitUntil(
      async () => (await count(`select count(*)::int as n from deliveries where status = 'sent'`)) >= N,
      180_000,
      250,
    );
    // Every delivery the dead worker held was taken over once its lease ran out (a second
    // attempt, by the survivor), and sent within the 60 s target of the death, as recorded
    // by the rows themselves (sent_at) against the database's clock at the kill.
    const taken = await burst.client.query<{
      id: string;
      attempt_count: number;
      worker_id: string | null;
      sent_at: Date;
    }>(
      `select id, attempt_count, worker_id, sent_at from deliveries where id = any($1::bigint[]) order by id`,
      [held.rows.map((r) => r.id)],
    );
    expect(taken.rows.every((r) => r.attempt_count >= 2)).toBe(true);
    const leaseEnd = new Map(held.rows.map((r) => [r.id, r.lease_expires_at.getTime()]));
    for (const row of taken.rows) {
      // Not before its lease ran out (no early steal), and not later than 60 s after the kill.
      expect(row.sent_at.getTime()).toBeGreaterThanOrEqual(leaseEnd.get(row.id)!);
      expect(row.sent_at.getTime() - killedAt.getTime()).toBeLessThanOrEqual(60_000);
    }
    const lastTakeover = Math.max(...taken.rows.map((r) => r.sent_at.getTime()));

    await sinkGrace();
    const recipients = burst.sink.messages.map((m) => m.to[0]);
    const distinct = new Set(recipients).size;
    const ambiguous = await count(`select count(*)::int as n from deliveries where attempt_count > 1`);
    console.log(
      `held deliveries sent ${((lastTakeover - killedAt.getTime()) / 1000).toFixed(1)} s after the kill (lease ${LEASE_MS / 1000} s); ` +
        `duplicates ${recipients.length - distinct}; ambiguous window (taken over after a possible send): ${ambiguous}`,
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
