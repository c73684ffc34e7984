import { spawn } from "node:child_process";
import { once } from "node:events";
import net from "node:net";
import { describe, expect, it } from "vitest";
import pg from "pg";
import { freePort } from "@/lib/db/embedded";

const PRODUCTION = {
  NODE_ENV: "production",
  AUTH_SECRET: "start-test-secret",
  APP_URL: "http://localhost:3000",
  TRUSTED_PROXY_HOPS: "0",
  LOG_LEVEL: "warn",
  WORKER_CONCURRENCY: "2",
};

/** `npm run worker`'s code (its TypeScript source) as a process with this environment. */
function startWorker(env: Record<string, string | undefined>) {
  const merged: Record<string, string | undefined> = { ...process.env, ...PRODUCTION, ...env };
  for (const [key, value] of Object.entries(merged)) if (value === undefined) delete merged[key];
  const child = spawn(
    process.execPath,
    ["--import", "./scripts/allow-server-only.mjs", "--import", "tsx", "jobs/worker.ts"],
    { env: merged as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] },
  );
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.resume();
  const exited = once(child, "exit") as Promise<[number | null, NodeJS.Signals | null]>;
  return { child, exited, stderr: () => stderr };
}

async function heartbeats(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query("select count(*)::int as n from worker_heartbeats")).rows[0].n as number;
  } finally {
    await client.end();
  }
}

describe("a production process with a required setting missing or invalid", () => {
  it.each([
    ["AUTH_SECRET missing", { AUTH_SECRET: undefined }, "AUTH_SECRET: required in production"],
    ["APP_URL missing", { APP_URL: undefined }, "APP_URL: required in production"],
    ["TRUSTED_PROXY_HOPS missing", { TRUSTED_PROXY_HOPS: undefined }, "TRUSTED_PROXY_HOPS: required in production"],
    ["APP_URL invalid", { APP_URL: "remindful.example" }, "APP_URL: Invalid URL"],
    ["LOG_LEVEL invalid", { LOG_LEVEL: "loud" }, "LOG_LEVEL:"],
    [
      "transaction pooling without a session URL",
      { DATABASE_POOLING: "transaction" },
      "DATABASE_SESSION_URL: required with DATABASE_POOLING=transaction",
    ],
    [
      "a replica URL that is not one",
      { DATABASE_REPLICA_URL: "replica.internal:5432" },
      "DATABASE_REPLICA_URL: must be a postgres:// connection string",
    ],
  ])("%s: exits 1 with one message naming it, no stack trace", async (_case, env, named) => {
    const run = startWorker(env);
    const [code] = await run.exited;
    expect(code).toBe(1);
    expect(run.stderr()).toMatch(/^Remindful cannot start\.\nInvalid environment:\n/);
    expect(run.stderr()).toContain(named);
    expect(run.stderr()).not.toMatch(/^\s+at /m);
  });
});

describe("a database that cannot be reached when the process starts", () => {
  it("is waited for: once it answers the worker starts, and a SIGTERM then stops it cleanly", async () => {
    // A port that refuses connections until the "database" comes up: then it forwards to the real one.
    const live = new URL(process.env.DATABASE_URL!);
    const port = await freePort();
    const gated = new URL(live);
    gated.port = String(port);
    const run = startWorker({ DATABASE_URL: gated.toString(), STARTUP_DATABASE_WAIT_SECONDS: "60" });
    const gate = net.createServer((socket) => {
      const upstream = net.connect(Number(live.port), live.hostname);
      socket.pipe(upstream).pipe(socket);
      const close = () => (socket.destroy(), upstream.destroy());
      socket.on("error", close);
      upstream.on("error", close);
    });
    try {
      // Until the process says it is waiting (a loaded machine may take seconds to start it).
      const waiting = Date.now() + 30_000;
      while (!run.stderr().includes('"event":"database.waiting"')) {
        if (run.child.exitCode !== null) throw new Error(`exited ${run.child.exitCode}: ${run.stderr()}`);
        if (Date.now() > waiting) throw new Error(`never said it was waiting: ${run.stderr()}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(run.child.exitCode, "still waiting").toBeNull();
      expect(await heartbeats(live.toString())).toBe(0);
      await new Promise<void>((resolve) => gate.listen(port, "127.0.0.1", resolve));
      const deadline = Date.now() + 30_000;
      while ((await heartbeats(live.toString())) === 0) {
        if (run.child.exitCode !== null) throw new Error(`exited ${run.child.exitCode}: ${run.stderr()}`);
        if (Date.now() > deadline) throw new Error("the worker did not start after the database came up");
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      run.child.kill("SIGTERM");
      const [code] = await run.exited;
      expect(code).toBe(0);
    } finally {
      run.child.kill("SIGKILL");
      gate.close();
    }
  });

  it("that stays down: exits 1 after STARTUP_DATABASE_WAIT_SECONDS, saying so", async () => {
    const dead = new URL(process.env.DATABASE_URL!);
    dead.port = String(await freePort());
    const started = Date.now();
    const run = startWorker({ DATABASE_URL: dead.toString(), STARTUP_DATABASE_WAIT_SECONDS: "2" });
    const [code] = await run.exited;
    expect(code).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
    expect(run.stderr()).toContain(
      "Remindful cannot start.\nThe database could not be reached within 2 s (STARTUP_DATABASE_WAIT_SECONDS): connect ECONNREFUSED",
    );
  });
});
