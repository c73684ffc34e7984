import "server-only";
import { sql } from "drizzle-orm";
import { workerHeartbeats } from "@/db/schema";
import { pool } from "@/lib/db";
import { compileStatement, selectList, type Queryable } from "@/lib/db/compile-statement";
import { LEASE_MS } from "@/lib/delivery/constants";

/** A heartbeat older than a lease means no worker is renewing what it holds. */
export const FRESH_HEARTBEAT_SECONDS = LEASE_MS / 1000;
/** Workers silent for longer are gone (the clean-up job deletes them after a day too). */
const LISTED_SECONDS = 86_400;

export interface WorkerHeartbeat {
  workerId: string;
  startedAt: string;
  lastSeenAt: string;
  /** Seconds since its last heartbeat, on the database's clock. */
  ageSeconds: number;
  state: "fresh" | "stale";
}

export interface WorkerHeartbeats {
  /** Seconds since the freshest heartbeat; null when no worker has reported. */
  freshestAgeSeconds: number | null;
  /** Workers seen within the last day, most recently seen first. */
  workers: WorkerHeartbeat[];
}

interface HeartbeatRow {
  worker_id: string;
  started_at: Date;
  last_seen_at: Date;
  age: number;
}

// One row per process start, deleted a day after its last beat: a small table, read whole.
export const HEARTBEATS = compileStatement<Record<string, never>, HeartbeatRow>(
  () =>
    sql`select ${selectList<HeartbeatRow>({
      worker_id: workerHeartbeats.workerId,
      started_at: workerHeartbeats.startedAt,
      last_seen_at: workerHeartbeats.lastSeenAt,
      age: sql`extract(epoch from now() - ${workerHeartbeats.lastSeenAt})::float`,
    })} from ${workerHeartbeats} order by ${workerHeartbeats.lastSeenAt} desc`,
);

/** Every delivery worker's heartbeat, fresh within a lease (30 s), stale after. */
export async function readWorkerHeartbeats(client: Queryable = pool): Promise<WorkerHeartbeats> {
  const { rows } = await HEARTBEATS.run(client, {});
  // A worker's clock a little ahead of the database's would give a negative age.
  const aged = rows.map((row) => ({ row, age: Math.max(0, Math.round(Number(row.age))) }));
  return {
    freshestAgeSeconds: aged.length > 0 ? aged[0].age : null,
    workers: aged
      .filter(({ age }) => age <= LISTED_SECONDS)
      .map(({ row, age }) => ({
        workerId: row.worker_id,
        startedAt: row.started_at.toISOString(),
        lastSeenAt: row.last_seen_at.toISOString(),
        ageSeconds: age,
        state: age <= FRESH_HEARTBEAT_SECONDS ? "fresh" : "stale",
      })),
  };
}
