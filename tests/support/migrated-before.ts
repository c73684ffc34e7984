import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { migrationsFolder } from "@/lib/db/migrate";

/** A copy of db/migrations whose journal stops just before `tag` (the schema as it was then). */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "remindful-migrations-"));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalFile = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  if (at < 0) throw new Error(`No migration tagged ${tag}`);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

async function asAdmin(statement: string) {
  const admin = new URL(process.env.DATABASE_URL!);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A database of its own on the test's server, migrated up to just before the migration `tag`,
 * for a test to fill with rows of that time; `migrateRest` applies the migrations from `tag` on,
 * `drop` ends the client and drops the database.
 */
export async function databaseBefore(tag: string) {
  const name = `remindful_migration_${randomBytes(5).toString("hex")}`;
  await asAdmin(`create database ${name}`);
  const target = new URL(process.env.DATABASE_URL!);
  target.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: target.toString() });
  await client.connect();
  const before = migrationsBefore(tag);
  await migrate(drizzle({ client }), { migrationsFolder: before });
  return {
    client,
    migrateRest: () => migrate(drizzle({ client }), { migrationsFolder }),
    async drop() {
      await client.end();
      rmSync(before, { recursive: true, force: true });
      await asAdmin(`drop database if exists ${name}`);
    },
  };
}
