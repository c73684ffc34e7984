import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { migrationsFolder } from "@/lib/db/migrate";

export interface Health {
  ok: boolean;
  database: "ok" | "unreachable";
  migrations: "current" | "pending" | "unknown";
  /** Seconds since the freshest delivery-worker heartbeat; null when no worker has reported. */
  workerHeartbeatAgeSeconds: number | null;
}

function expectedMigrations(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

export async function checkHealth(): Promise<Health> {
  try {
    const applied = await db.execute<{ count: number }>(
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    );
    const heartbeat = await db.execute<{ age: number | null }>(
      sql`select extract(epoch from now() - max(last_seen_at))::float as age from worker_heartbeats`,
    );
    const migrations = Number(applied.rows[0]?.count) >= expectedMigrations() ? "current" : "pending";
    const age = heartbeat.rows[0]?.age;
    return {
      ok: migrations === "current",
      database: "ok",
      migrations,
      workerHeartbeatAgeSeconds: age === null || age === undefined ? null : Math.round(Number(age)),
    };
  } catch {
    return { ok: false, database: "unreachable", migrations: "unknown", workerHeartbeatAgeSeconds: null };
  }
}
