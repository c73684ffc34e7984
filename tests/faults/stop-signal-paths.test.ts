import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { stopSignalFixture } from "./stop-mid-burst";

const { engineEnv, stopMidBurst } = stopSignalFixture();
const workerScript = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> })
  .scripts.worker;

/**
 * systemd, Docker and Kubernetes send SIGTERM to the top process, or to its whole process group.
 * Whichever process of `npm run worker` gets it, the engine drains: sends on the wire finish and
 * are recorded, the rest is released, and a worker started afterwards sends no duplicate.
 */
describe("a stop signal to `npm run worker` drains the engine", () => {
  it("SIGTERM to npm", async () => {
    await stopMidBurst(
      () => spawn("npm", ["run", "worker"], { env: engineEnv(), stdio: ["ignore", "ignore", "inherit"] }),
      (top) => top.kill("SIGTERM"),
    );
  });

  it("SIGTERM to the wrapper, scripts/with-node24.mjs, running what `npm run worker` runs", async () => {
    // The npm script's command without npm: the wrapper is then the top process.
    const [command, ...args] = workerScript.replace(/^exec /, "").split(" ");
    expect(args[0]).toBe("scripts/with-node24.mjs");
    await stopMidBurst(
      () => spawn(command, args, { env: engineEnv(), stdio: ["ignore", "ignore", "inherit"] }),
      (top) => top.kill("SIGTERM"),
    );
  });

  it("SIGTERM to the whole process group (systemd's KillMode=control-group, a terminal's process group)", async () => {
    await stopMidBurst(
      () =>
        spawn("npm", ["run", "worker"], {
          env: engineEnv(),
          stdio: ["ignore", "ignore", "inherit"],
          detached: true,
        }),
      (top) => process.kill(-top.pid!, "SIGTERM"),
    );
  });

  it("SIGINT to npm (Ctrl-C, docker stop with STOPSIGNAL SIGINT)", async () => {
    await stopMidBurst(
      () => spawn("npm", ["run", "worker"], { env: engineEnv(), stdio: ["ignore", "ignore", "inherit"] }),
      (top) => top.kill("SIGINT"),
    );
  });
});
