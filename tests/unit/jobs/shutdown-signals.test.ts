import { spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");
const fixtures = path.join(import.meta.dirname, "fixtures");

function start(command: string, args: string[]) {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  let ended = false;
  child.on("exit", () => (ended = true));
  const saw = async (text: string) => {
    while (!output.includes(text)) {
      if (ended) throw new Error(`exited without printing "${text}":\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  return { child, saw, output: () => output };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

it("npm start's wrapper forwards SIGTERM to the server process and exits with it", async () => {
  const run = start(process.execPath, [
    "scripts/with-node24.mjs",
    process.execPath,
    path.join(fixtures, "signal-child.mjs"),
  ]);
  await run.saw("child ready");
  const childPid = Number(/child ready (\d+)/.exec(run.output())![1]);
  const exited = once(run.child, "exit");
  run.child.kill("SIGTERM");
  const [code] = await exited;
  await new Promise((resolve) => setTimeout(resolve, 200));
  const leftOver = alive(childPid);
  if (leftOver) process.kill(childPid, "SIGKILL");
  expect(run.output()).toContain("child got SIGTERM");
  expect(code).toBe(0);
  expect(leftOver).toBe(false);
});

it("on SIGTERM the engine drains before the server's own handler closes and exits; a second signal waits", async () => {
  const run = start(process.execPath, [
    "--import",
    "./scripts/allow-server-only.mjs",
    "--import",
    "tsx",
    path.join(fixtures, "shutdown-order.ts"),
  ]);
  await run.saw("ready");
  const exited = once(run.child, "exit");
  run.child.kill("SIGTERM");
  await run.saw("draining on SIGTERM");
  // A supervisor's SIGTERM plus the forwarded one: the second must not cut the drain short.
  run.child.kill("SIGTERM");
  const [code] = await exited;
  const lines = run.output().trim().split("\n");
  expect(lines).toEqual(["ready", "draining on SIGTERM", "engine drained", "server closed"]);
  expect(code).toBe(143);
});
