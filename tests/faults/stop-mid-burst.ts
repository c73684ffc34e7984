import { execFileSync, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { afterAll, beforeAll, expect } from "vitest";
import pg from "pg";
import { seedDue, sinkGrace, spawnWorker, waitUntil } from "@/tests/support/bench-kit";
import { startSmtpSink, type SmtpSink } from "@/tests/support/smtp-sink";

/**
 * Sends that take this long, one batch at a time (WORKER_CONCURRENCY 1: up to 200 claimed, 100 on
 * the wire): about 60 a second, so when the signal lands some are on the wire, some claimed and
 * waiting, and most still to claim.
 */
const RELAY_LATENCY_MS = 400;
const N = 600;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * The setting of a stop-signal fault test: a slow SMTP peer, a client on the test's database and
 * `dist/worker.mjs` built, as `npm run build` leaves it for `npm run worker`. `stopMidBurst` runs
 * one scenario: a process tree that runs an engine, a burst of due reminders, a stop signal sent
 * the way a supervisor would send it while sends are on the wire.
 */
export function stopSignalFixture() {
  const fixture = {} as { sink: SmtpSink; client: pg.Client };
  beforeAll(async () => {
    execFileSync(process.execPath, ["scripts/build-worker.mjs"], { stdio: "ignore" });
    fixture.sink = await startSmtpSink({ latencyMs: RELAY_LATENCY_MS });
    fixture.client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await fixture.client.connect();
  });
  afterAll(async () => {
    await fixture.client.end();
    await fixture.sink.close();
  });
  const count = async (sql: string, params: unknown[] = []) =>
    (await fixture.client.query(sql, params)).rows[0].n as number;

  /** Environment of an engine process on the test's database, mailing the slow peer. */
  const engineEnv = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
    ...process.env,
    NODE_ENV: "production" as const,
    AUTH_SECRET: "stop-signal-test",
    APP_URL: "http://localhost:3000",
    TRUSTED_PROXY_HOPS: "0",
    DATABASE_URL: process.env.DATABASE_URL!,
    SMTP_URL: fixture.sink.url,
    WORKER_CONCURRENCY: "1",
    SHUTDOWN_TIMEOUT_MS: "20000",
    LOG_LEVEL: "error",
    ...extra,
  });

  /**
   * `exitCode`: what the process a supervisor watches ends with once the engine has drained: 0
   * for the worker; `next start` exits 128 + the signal's number after closing the server.
   */
  async function stopMidBurst(
    start: () => ChildProcess | Promise<ChildProcess>,
    stop: (top: ChildProcess) => void,
    exitCode = 0,
  ) {
    await fixture.client.query("truncate users, worker_heartbeats cascade");
    fixture.sink.messages.length = 0;
    const top = await start();
    let restarted: ChildProcess | undefined;
    let enginePid = 0;
    try {
      await waitUntil(
        async () => (await count("select count(*)::int as n from worker_heartbeats")) >= 1,
        120_000,
      );
      const { rows } = await fixture.client.query<{ worker_id: string }>(
        "select worker_id from worker_heartbeats",
      );
      // Worker ids are host:pid:random (lib/delivery/engine.ts).
      enginePid = Number(rows[0].worker_id.split(":").at(-2));
      expect(enginePid).not.toBe(top.pid);
      await seedDue(fixture.client, { reminders: N, users: 5, dueAt: new Date(Date.now() + 500) });
      await waitUntil(
        async () => (await count("select count(*)::int as n from deliveries where status = 'sent'")) >= 50,
        60_000,
        20,
      );

      const exited = once(top, "exit") as Promise<[number | null, NodeJS.Signals | null]>;
      stop(top);
      const [code, signal] = await exited;
      // The process a supervisor watches ends only once the engine has.
      const engineOutlivedTop = alive(enginePid);
      await waitUntil(async () => !alive(enginePid), 30_000, 50).catch(() => {});
      const sentAtExit = await count("select count(*)::int as n from deliveries where status = 'sent'");
      const held = await count(
        "select count(*)::int as n from deliveries where status = 'sending' and worker_id like $1",
        [`%:${enginePid}:%`],
      );
      const left = new Set(fixture.sink.messages.map((m) => m.to[0])).size;
      console.log(
        `top process exited (${code ?? signal}); engine outlived it: ${engineOutlivedTop}; ${sentAtExit} sent and recorded, ${left} at the peer, ${held} still held`,
      );
      expect(engineOutlivedTop, "the engine was still running when the top process exited").toBe(false);
      expect(code, "exit code of the top process").toBe(exitCode);
      // Drained: nothing waits for a lease, and every message that left was recorded.
      expect(held).toBe(0);
      expect(left).toBe(sentAtExit);
      expect(sentAtExit).toBeLessThan(N);

      restarted = spawnWorker({
        DATABASE_URL: process.env.DATABASE_URL!,
        SMTP_URL: fixture.sink.url,
        WORKER_CONCURRENCY: "4",
        LOG_LEVEL: "error",
      });
      await waitUntil(
        async () => (await count("select count(*)::int as n from deliveries where status = 'sent'")) >= N,
        120_000,
        100,
      );
      await sinkGrace();
      const recipients = fixture.sink.messages.map((m) => m.to[0]);
      expect(new Set(recipients).size).toBe(N);
      expect(recipients.length - N, "duplicates").toBe(0);
    } finally {
      if (top.exitCode === null && top.signalCode === null) top.kill("SIGKILL");
      if (enginePid && alive(enginePid)) process.kill(enginePid, "SIGKILL");
      if (restarted) {
        const done = once(restarted, "exit");
        restarted.kill("SIGTERM");
        await done;
      }
    }
  }

  return { engineEnv, stopMidBurst };
}
