import { existsSync, mkdtempSync, chmodSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { freePort, startEmbeddedPostgres } from "./lib/db/embedded";
import { runMigrations } from "./lib/db/migrate";
import { E2E_AUTH_SECRET } from "./tests/e2e/auth-secret";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromium)) {
  throw new Error(
    `Chromium not found at ${chromium}. The e2e suite needs it and will not skip:\n` +
      "  Debian/Ubuntu: sudo apt-get install -y chromium\n" +
      "  elsewhere: set CHROMIUM_PATH to a Chromium or Chrome binary.",
  );
}

// The main process starts a fresh database and picks a port once; worker processes inherit them.
if (!process.env.E2E_BASE_URL) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "remindful-e2e-"));
  chmodSync(dir, 0o755);
  const server = await startEmbeddedPostgres({
    dataDir: path.join(dir, "pg"),
    database: "remindful",
    persistent: false,
  });
  await runMigrations(server.url);
  const port = await freePort();
  process.env.E2E_DATABASE_URL = server.url;
  process.env.E2E_PORT = String(port);
  // The dev-server smoke project runs `next dev` on a port of its own, with APP_URL unset, as a
  // newcomer's `PORT=<n> npm run dev` would.
  process.env.E2E_DEV_PORT = String(await freePort());
  // Browser and APP_URL agree on "localhost" so the session cookie and Auth.js redirects share one host.
  process.env.E2E_BASE_URL = `http://localhost:${port}`;
  process.env.E2E_DATA_DIR = dir;
}

const baseURL = process.env.E2E_BASE_URL;
const devBaseURL = `http://localhost:${process.env.E2E_DEV_PORT}`;
const build = process.env.E2E_SKIP_BUILD === "1" ? "" : "npm run build && ";

// `--project=chromium` or `--project=dev` starts only that project's server.
const projectArgs = process.argv.flatMap((arg, i, all) =>
  arg === "--project" ? [all[i + 1] ?? ""] : arg.startsWith("--project=") ? [arg.slice(10)] : [],
);
const wants = (name: string) => projectArgs.length === 0 || projectArgs.includes(name);
const DEV_SMOKE = "**/dev-smoke/**";

const serverEnv = {
  DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
  AUTH_SECRET: E2E_AUTH_SECRET,
  NEXT_TELEMETRY_DISABLED: "1",
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : "list",
  outputDir: "test-results",
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    // The whole suite against the production build.
    { name: "chromium", testIgnore: DEV_SMOKE, use: { ...devices["Desktop Chrome"] } },
    // A small smoke part against `next dev`: what only breaks in development (Strict Mode's
    // double effects, on-demand compilation, a port other than 3000) is caught here.
    {
      name: "dev",
      testMatch: DEV_SMOKE,
      timeout: 240_000,
      expect: { timeout: 60_000 },
      // Outside the project: `next dev` watches it, and traces written there mid-test made it
      // recompile and reload the page under the test.
      outputDir: path.join(os.tmpdir(), "remindful-dev-smoke-results"),
      use: { ...devices["Desktop Chrome"], baseURL: devBaseURL },
    },
  ],
  webServer: [...(wants("chromium") ? [buildServer()] : []), ...(wants("dev") ? [devServer()] : [])],
});

function devServer() {
  return {
    command: `npm run dev -- -p ${process.env.E2E_DEV_PORT} -H 127.0.0.1`,
    url: `http://127.0.0.1:${process.env.E2E_DEV_PORT}/api/health`,
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: "pipe" as const,
    stderr: "pipe" as const,
    // No APP_URL: links and redirects must follow the port the browser used.
    env: {
      ...serverEnv,
      NODE_ENV: "development",
      // The production server's engine delivers; two engines on one database would share its jobs.
      WORKER_MODE: "external",
      DATA_DIR: path.join(process.env.E2E_DATA_DIR ?? ".data", "dev-app"),
    },
  };
}

function buildServer() {
  return {
    command: `${build}npm run start -- -p ${process.env.E2E_PORT} -H 127.0.0.1`,
    url: `http://127.0.0.1:${process.env.E2E_PORT}/api/health`,
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: "pipe" as const,
    stderr: "pipe" as const,
    env: {
      ...serverEnv,
      APP_URL: baseURL ?? "",
      TRUSTED_PROXY_HOPS: "0",
      DATA_DIR: path.join(process.env.E2E_DATA_DIR ?? ".data", "app"),
      DEV_OUTBOX: "1",
      // No Stripe key: checkout runs through the in-app demo checkout (tests/e2e/billing.spec.ts).
      STRIPE_DEMO_CHECKOUT: "1",
      // Webhook endpoints on the test's loopback receiver (tests/e2e/webhooks.spec.ts).
      WEBHOOK_ALLOW_PRIVATE_URLS: "true",
    },
  };
}
