import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { freePort } from "@/lib/db/embedded";

export interface NextServer {
  base: string;
  server: ChildProcess;
}

/**
 * `next start` of the build in `projectDir` on a free loopback port, with the environment `env`
 * gives for the server's own address, resolved once `readyPath` answers 2xx. With `profileDir`
 * the server runs under `node --cpu-prof` and writes its profile there when it exits.
 */
export async function startNextServer(options: {
  projectDir: string;
  env: (base: string) => Record<string, string>;
  readyPath: string;
  profileDir?: string;
}): Promise<NextServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const next = path.resolve("node_modules/.bin/next");
  const server = spawn(next, ["start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: options.projectDir,
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      ...options.env(base),
      ...(options.profileDir ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${options.profileDir}` } : {}),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 600; i++) {
    if (server.exitCode !== null) throw new Error(`next start exited with ${server.exitCode}`);
    const ok = await fetch(`${base}${options.readyPath}`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { base, server };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  server.kill("SIGTERM");
  throw new Error(`${options.projectDir} did not answer ${options.readyPath} in 120 s`);
}

/** SIGTERM, then wait for the exit (a profiled process writes its profile while exiting). */
export async function stopNextServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
}

/**
 * This checkout's build (`npm run build`) served by `next start` on `databaseUrl`, its files under
 * `dir`/app, the engine left to a separate worker (WORKER_MODE=external).
 */
export function startApp(databaseUrl: string, dir: string, profileDir?: string): Promise<NextServer> {
  return startNextServer({
    projectDir: process.cwd(),
    env: (base) => ({
      DATABASE_URL: databaseUrl,
      APP_URL: base,
      TRUSTED_PROXY_HOPS: "0",
      DATA_DIR: path.join(dir, "app"),
      AUTH_SECRET: "bench-secret-not-for-production",
      WORKER_MODE: "external",
      LOG_LEVEL: "warn",
    }),
    readyPath: "/api/health",
    profileDir,
  });
}
