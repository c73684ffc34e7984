import "server-only";
import pg from "pg";
import { drizzle } from "drizzle-orm/node-postgres";
import * as schema from "@/db/schema";
import { env } from "@/lib/env";
import { logger } from "@/lib/logger";
import { configurePool, db, pool, POOL_OPTIONS, type Database } from "./index";
import { isDatabaseUnreachable } from "./database-unreachable";

type ConnectCallback = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/** How long a replica may take to accept a connection before the read goes to the primary. */
const REPLICA_CONNECT_TIMEOUT_MS = 2_000;

/**
 * DATABASE_REPLICA_URL's pool. A replica that cannot be reached (down, or none left after a
 * failover) is not an outage for reads that would be as right on the primary: the connection is
 * taken from the primary's pool instead, and released back to it.
 */
class ReplicaPool extends pg.Pool {
  private orPrimary(error: unknown): Promise<pg.PoolClient> {
    if (!isDatabaseUnreachable(error)) return Promise.reject(error);
    logger.warn("db.replica_unreachable", { error: error instanceof Error ? error : String(error) });
    return pool.connect();
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    const connected = super.connect().catch((error: unknown) => this.orPrimary(error));
    if (!callback) return connected;
    connected.then(
      (client) =>
        callback(undefined, client, (release) => client.release(release as Error | boolean | undefined)),
      (error: Error) => callback(error, undefined, () => {}),
    );
  }
}

const globalForReplica = globalThis as unknown as { remindfulReplicaPool?: pg.Pool };

const replicaPool = env.DATABASE_REPLICA_URL
  ? (globalForReplica.remindfulReplicaPool ??= configurePool(
      new ReplicaPool({
        ...POOL_OPTIONS,
        connectionString: env.DATABASE_REPLICA_URL,
        connectionTimeoutMillis: REPLICA_CONNECT_TIMEOUT_MS,
      }),
    ))
  : undefined;

/**
 * The handle for reads that tolerate a replica's lag of a second or so and write nothing (the
 * activity pages, the data export, the calendar feed: docs/failover.md, "Reads that can move to
 * replicas"): DATABASE_REPLICA_URL's server when set, else the primary's `db`.
 */
export const replicaDb: Database = replicaPool
  ? drizzle({ client: replicaPool, schema, casing: "snake_case" })
  : db;
