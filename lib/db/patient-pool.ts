import "server-only";
import pg from "pg";
import { logger } from "@/lib/logger";
import { isDatabaseUnreachable } from "./database-unreachable";

type ConnectCallback = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

const FIRST_RETRY_MS = 250;
const LONGEST_RETRY_MS = 2_000;

/** See createPatientPool. */
class PatientPool extends pg.Pool {
  constructor(
    config: pg.PoolConfig,
    private readonly waitMs: number,
  ) {
    super(config);
  }

  private async connectWaiting(): Promise<pg.PoolClient> {
    const deadline = Date.now() + this.waitMs;
    for (let delay = FIRST_RETRY_MS; ; delay = Math.min(delay * 2, LONGEST_RETRY_MS)) {
      try {
        return await super.connect();
      } catch (error) {
        if (!isDatabaseUnreachable(error) || Date.now() + delay > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    const connected = this.connectWaiting();
    if (!callback) return connected;
    connected.then(
      (client) =>
        callback(undefined, client, (release) => client.release(release as Error | boolean | undefined)),
      (error: Error) => callback(error, undefined, () => {}),
    );
  }
}

/**
 * A pool whose connections, while the database cannot be reached (a restart, a failover), are
 * waited for, up to `waitMs`, instead of failing at once: for a library that gives up on its own
 * writes at the first connection error. graphile-worker 0.18 records a job's completion or
 * failure without awaiting it (worker.js) and retries few error codes, so a job finishing during
 * a failover would stay locked for 4 hours and its rejection would end the process. Connection
 * errors, idle or checked out, are logged rather than left unheard.
 */
export function createPatientPool(config: pg.PoolConfig, waitMs: number): pg.Pool {
  const pool = new PatientPool(config, waitMs);
  pool.on("error", (error) => logger.warn("db.job_pool_error", { error }));
  pool.on("connect", (client) =>
    client.on("error", (error) => logger.warn("db.job_client_error", { error })),
  );
  return pool;
}
