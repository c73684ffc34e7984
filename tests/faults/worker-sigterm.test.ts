import { once } from "node:events";
import { expect, it } from "vitest";
import { seedDue, spawnWorker, waitUntil } from "@/tests/support/bench-kit";
import { slowMailBurst } from "./slow-mail-burst";

const N = 1_500;
const burst = slowMailBurst();
const { count } = burst;

it("a worker stopped with SIGTERM mid-burst releases what it holds and exits; after a restart each occurrence is sent once", async () => {
  const env = burst.workerEnv({ SHUTDOWN_TIMEOUT_MS: "20000" });
  const first = spawnWorker(env);
  let restarted: ReturnType<typeof spawnWorker> | undefined;
  try {
    await waitUntil(
      async () => (await count("select count(*)::int as n from worker_heartbeats")) >= 1,
      60_000,
    );
    await seedDue(burst.client, { reminders: N, users: 20, dueAt: new Date(Date.now() + 2_000) });
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
    expect(new Set(burst.sink.messages.map((m) => m.to[0])).size).toBe(sentAtExit);

    restarted = spawnWorker(env);
    await waitUntil(
      async () => (await count(`select count(*)::int as n from deliveries where status = 'sent'`)) >= N,
      180_000,
      250,
    );
    const recipients = burst.sink.messages.map((m) => m.to[0]);
    const distinct = new Set(recipients).size;
    console.log(`after the restart: ${recipients.length} messages for ${distinct} occurrences`);
    expect(distinct).toBe(N);
    expect(recipients.length).toBe(N);
    expect(await count(`select count(*)::int as n from deliveries`)).toBe(N);
    // No occurrence was charged twice: released reservations were given back before the new lease.
    expect(
      await count(`select coalesce(sum(reminders_used_current_period), 0)::int as n from workspaces`),
    ).toBe(N);
  } finally {
    first.kill("SIGKILL");
    restarted?.kill("SIGTERM");
  }
});
