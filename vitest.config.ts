import path from "node:path";
import { defineConfig } from "vitest/config";

// `server-only` resolves to nothing on the server, as Next.js resolves it for server code.
const alias = {
  "@": path.resolve(import.meta.dirname),
  "server-only": path.resolve(import.meta.dirname, "node_modules/server-only/empty.js"),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts", "tests/unit/**/*.test.tsx"],
          environment: "node",
          // Property tests run hundreds of cases; a busy machine must not turn them into timeouts.
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/setup/global-database.ts"],
          setupFiles: ["tests/setup/file-database.ts"],
          // Each file gets its own database cloned from a migrated template.
          pool: "forks",
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // next-auth imports "next/server" without an extension; let Vite resolve it.
          server: { deps: { inline: ["next-auth"] } },
        },
      },
      {
        resolve: { alias },
        test: {
          name: "faults",
          include: ["tests/faults/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/setup/global-database.ts", "tests/setup/faults-run.ts"],
          setupFiles: ["tests/setup/file-database.ts"],
          // One scenario at a time: each one kills or starves processes on purpose.
          pool: "forks",
          maxWorkers: 1,
          testTimeout: 240_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
