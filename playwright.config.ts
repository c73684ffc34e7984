import { existsSync, mkdtempSync, chmodSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { freePort, startEmbeddedPostgres } from "./lib/db/embedded";
import { runMigrations } from "./lib/db/migrate";

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
  // Browser and APP_URL agree on "localhost" so the session cookie and Auth.js redirects share one host.
  process.env.E2E_BASE_URL = `http://localhost:${port}`;
  process.env.E2E_DATA_DIR = dir;
}

const baseURL = process.env.E2E_BASE_URL;
const build = process.env.E2E_SKIP_BUILD === "1" ? "" : "npm run build && ";

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
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: `${build}npm run start -- -p ${process.env.E2E_PORT} -H 127.0.0.1`,
    url: `http://127.0.0.1:${process.env.E2E_PORT}/api/health`,
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
      APP_URL: baseURL ?? "",
      DATA_DIR: path.join(process.env.E2E_DATA_DIR ?? ".data", "app"),
      AUTH_SECRET: "e2e-secret-not-for-production",
      DEV_OUTBOX: "1",
      // No Stripe key: checkout runs through the in-app demo checkout (tests/e2e/billing.spec.ts).
      STRIPE_DEMO_CHECKOUT: "1",
      NEXT_TELEMETRY_DISABLED: "1",
    },
  },
});
