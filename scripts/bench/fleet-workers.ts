import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { waitUntil, type SqlClient } from "@/tests/support/bench-kit";

/** `npm run build`'s worker step: jobs/worker.ts bundled into dist/worker.mjs, from this checkout. */
export function buildWorker() {
  const built = spawnSync(process.execPath, ["scripts/build-worker.mjs"], { stdio: "inherit" });
  if (built.status !== 0) throw new Error("building dist/worker.mjs failed");
}

/** The node flags `npm run worker` starts the bundle with, read from package.json's `worker` script. */
export function workerNodeFlags(): string[] {
  const scripts = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> })
    .scripts;
  const flags = /\bnode ((?:--\S+ )*)dist\/worker\.mjs/.exec(scripts.worker)?.[1];
  if (flags === undefined)
    throw new Error("package.json's worker script does not run node … dist/worker.mjs");
  return flags.split(" ").filter(Boolean);
}

// Workers still running when the benchmark exits (a failed or interrupted run) go with it.
const live = new Set<ChildProcess>();
process.once("exit", () => {
  for (const worker of live) worker.kill("SIGKILL");
});

/**
 * What `npm run worker` runs (`node <its flags> dist/worker.mjs`, no TypeScript loader), as a direct child so
 * its CPU can be read from /proc and a signal reaches the engine itself. Its connections carry
 * `application_name` = `name`, so PostgreSQL's backends serving it can be told apart.
 */
export function spawnFleetWorker(
  env: Record<string, string>,
  name: string,
  /** Writes a V8 CPU profile here when the process exits (`node --cpu-prof`). */
  profileDir?: string,
): ChildProcess {
  const url = new URL(env.DATABASE_URL);
  url.searchParams.set("application_name", name);
  const profile = profileDir ? ["--cpu-prof", "--cpu-prof-dir", profileDir] : [];
  const worker = spawn(process.execPath, [...profile, ...workerNodeFlags(), "dist/worker.mjs"], {
    env: {
      ...process.env,
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      AUTH_SECRET: "bench",
      APP_URL: "http://localhost:3000",
      TRUSTED_PROXY_HOPS: "0",
      ...env,
      DATABASE_URL: url.toString(),
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  live.add(worker);
  worker.once("exit", () => live.delete(worker));
  return worker;
}

/** Until every process has written its first heartbeat (worker ids are `host:pid:random`). */
export async function waitForHeartbeats(client: SqlClient, workers: ChildProcess[]) {
  const patterns = workers.map((w) => `%:${w.pid}:%`);
  await waitUntil(
    async () =>
      (
        await client.query<{ n: number }>(
          "select count(*)::int as n from worker_heartbeats where worker_id like any($1::text[])",
          [patterns],
        )
      ).rows[0].n >= workers.length,
    60_000,
  );
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves once the process is gone. */
export async function stopWorker(worker: ChildProcess, graceMs = 15_000): Promise<void> {
  if (worker.exitCode !== null || worker.signalCode !== null) return;
  const exited = new Promise((resolve) => worker.once("exit", resolve));
  worker.kill("SIGTERM");
  const timer = setTimeout(() => worker.kill("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
}
