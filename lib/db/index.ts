import "server-only";
import pg from "pg";
import { drizzle } from "drizzle-orm/node-postgres";
import * as schema from "@/db/schema";
import { env } from "@/lib/env";
import { logger } from "@/lib/logger";
import { ensureDatabase } from "./connection";
import { sendUnnamed } from "./unnamed-statements";

type ConnectCallback = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/**
 * A pool that resolves its database (DATABASE_URL, or the embedded server started on
 * first use) before its first connection, so `db` can be imported synchronously anywhere.
 */
class DeferredPool extends pg.Pool {
  private resolved?: Promise<void>;

  private resolve(): Promise<void> {
    // Not kept when it fails: a database down at start is reached on a later connect.
    this.resolved ??= ensureDatabase().then(
      (url) => {
        this.options.connectionString = url;
      },
      (error: unknown) => {
        this.resolved = undefined;
        throw error;
      },
    );
    return this.resolved;
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    if (callback) {
      this.resolve().then(
        () => super.connect(callback),
        (error: Error) => callback(error, undefined, () => {}),
      );
      return;
    }
    return this.resolve().then(() => super.connect());
  }
}

const globalForDb = globalThis as unknown as { remindfulPool?: DeferredPool };

/** The settings of the app's pools (this one and the replica's, lib/db/replica.ts). */
export const POOL_OPTIONS = {
  max: env.NODE_ENV === "test" ? 5 : 20,
  idleTimeoutMillis: 30_000,
  // A connection to a server that vanished (a failover moving the address) is noticed by TCP
  // keepalives rather than on the next query's long timeout.
  keepAlive: true,
} satisfies pg.PoolConfig;

/**
 * Behind a transaction pooler (DATABASE_POOLING=transaction) every statement goes unnamed. An
 * idle connection that drops (a restart, a failover) is logged and replaced on the next checkout:
 * unheard, the pool's "error" would end the process.
 */
export function configurePool<P extends pg.Pool>(created: P): P {
  if (env.DATABASE_POOLING === "transaction") created.on("connect", sendUnnamed);
  created.on("error", (error) => logger.warn("db.pool_error", { error }));
  return created;
}

// One pool per process, also across Next's dev-mode module reloads.
export const pool: pg.Pool = (globalForDb.remindfulPool ??= configurePool(new DeferredPool(POOL_OPTIONS)));

export const db = drizzle({ client: pool, schema, casing: "snake_case" });

export type Database = typeof db;
/** A transaction handle, for domain functions that take part in a caller's transaction. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type DbOrTx = Database | Transaction;
