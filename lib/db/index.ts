import "server-only";
import pg from "pg";
import { drizzle } from "drizzle-orm/node-postgres";
import * as schema from "@/db/schema";
import { env } from "@/lib/env";
import { ensureDatabase } from "./connection";

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

// One pool per process, also across Next's dev-mode module reloads.
export const pool: pg.Pool = (globalForDb.remindfulPool ??= new DeferredPool({
  max: env.NODE_ENV === "test" ? 5 : 20,
  idleTimeoutMillis: 30_000,
}));

export const db = drizzle({ client: pool, schema, casing: "snake_case" });

export type Database = typeof db;
/** A transaction handle, for domain functions that take part in a caller's transaction. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type DbOrTx = Database | Transaction;
