import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "@/lib/db/embedded";
import { ensureProductionBuild } from "./production-build";
import { stopSignalFixture } from "./stop-mid-burst";

beforeAll(ensureProductionBuild, 900_000);

const { engineEnv, stopMidBurst } = stopSignalFixture();
const dataDir = mkdtempSync(path.join(os.tmpdir(), "remindful-web-faults-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** `npm start` on a free port, as a supervisor runs it. */
async function npmStart(env: NodeJS.ProcessEnv, options: { detached?: boolean } = {}) {
  const port = await freePort();
  const child = spawn("npm", ["start", "--", "-p", String(port), "-H", "127.0.0.1"], {
    env: { ...env, DATA_DIR: dataDir, NEXT_TELEMETRY_DISABLED: "1" },
    stdio: ["ignore", "ignore", "pipe"],
    detached: options.detached,
  });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return { child, port, stderr: () => stderr };
}

async function healthStatus(port: number): Promise<number | null> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`, {
      signal: AbortSignal.timeout(2_000),
    });
    return response.status;
  } catch {
    return null;
  }
}

const stopped = async (child: ChildProcess) => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const done = once(child, "exit");
  child.kill("SIGTERM");
  await done;
};

describe("npm start", () => {
  it("with a required setting missing, exits 1 with one message instead of answering 500", async () => {
    const env = engineEnv();
    delete env.AUTH_SECRET;
    const run = await npmStart(env);
    const [code] = (await once(run.child, "exit")) as [number | null];
    expect(code).toBe(1);
    expect(run.stderr()).toContain(
      "Remindful cannot start.\nInvalid environment:\n  AUTH_SECRET: required in production",
    );
    expect(await healthStatus(run.port)).toBeNull();
  });

  it("with the database down at start, waits for it and then serves: health 200 once it is up", async () => {
    const live = new URL(process.env.DATABASE_URL!);
    const port = await freePort();
    const gated = new URL(live);
    gated.port = String(port);
    const run = await npmStart(
      engineEnv({ DATABASE_URL: gated.toString(), WORKER_MODE: "external", LOG_LEVEL: "warn" }),
    );
    const gate = net.createServer((socket) => {
      const upstream = net.connect(Number(live.port), live.hostname);
      socket.pipe(upstream).pipe(socket);
      const close = () => (socket.destroy(), upstream.destroy());
      socket.on("error", close);
      upstream.on("error", close);
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      expect(run.child.exitCode, "still waiting for the database").toBeNull();
      await new Promise<void>((resolve) => gate.listen(port, "127.0.0.1", resolve));
      const deadline = Date.now() + 60_000;
      let status = await healthStatus(run.port);
      while (status !== 200 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        status = await healthStatus(run.port);
      }
      expect(status).toBe(200);
      expect(run.stderr()).toContain('"event":"database.waiting"');
    } finally {
      await stopped(run.child);
      gate.close();
    }
  });
});

/** The web process runs the delivery engine unless WORKER_MODE=external: its stop signal must drain it. */
describe("a stop signal to `npm start` drains the engine in the web process", () => {
  // Next.js ends with 128 + 15 once it has closed the server, after the engine has drained.
  it("SIGTERM to npm", async () => {
    await stopMidBurst(
      async () => (await npmStart(engineEnv())).child,
      (top) => top.kill("SIGTERM"),
      143,
    );
  });

  it("SIGTERM to the whole process group", async () => {
    await stopMidBurst(
      async () => (await npmStart(engineEnv(), { detached: true })).child,
      (top) => process.kill(-top.pid!, "SIGTERM"),
      143,
    );
  });
});
