import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { JOB_CRONTAB, JOB_TASKS } from "@/jobs/registry";

const root = path.resolve(import.meta.dirname, "../../..");
const tasksDir = path.join(root, "jobs/tasks");

it("every task exported from jobs/tasks is registered with the engine", async () => {
  const registered = new Set(Object.values(JOB_TASKS));
  const files = readdirSync(tasksDir).filter((f) => f.endsWith(".ts"));
  expect(files.length).toBeGreaterThan(0);
  for (const file of files) {
    const mod = (await import(path.join(tasksDir, file))) as Record<string, unknown>;
    const tasks = Object.entries(mod).filter(([, value]) => typeof value === "function");
    expect(tasks.length, `${file} exports no task`).toBeGreaterThan(0);
    for (const [name, task] of tasks) {
      expect(registered.has(task as never), `${file}: ${name} is not in jobs/registry.ts`).toBe(true);
    }
  }
});

it("every crontab line names a registered task", () => {
  const lines = JOB_CRONTAB.split("\n").filter((l) => l.trim() !== "");
  expect(lines.length).toBeGreaterThanOrEqual(2);
  for (const line of lines) expect(Object.keys(JOB_TASKS)).toContain(line.trim().split(/\s+/)[5]);
});

it("the web process and npm run worker start the engine through the one entry", () => {
  for (const file of ["instrumentation.ts", "jobs/run-worker.ts"]) {
    const source = readFileSync(path.join(root, file), "utf8");
    expect(source, file).toContain("startEngineFromEnv()");
    expect(source, file).not.toContain("startDeliveryEngine");
  }
});
