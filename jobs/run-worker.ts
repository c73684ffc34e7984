import { logger } from "@/lib/logger";
import { onShutdownSignal } from "@/lib/jobs/on-shutdown-signal";
import { startEngineFromEnv } from "@/jobs/start-engine-from-env";
import { closeMail } from "@/lib/mail/send-mail";
import { pool } from "@/lib/db";
import { waitForDatabase } from "@/lib/db/wait-for-database";

/**
 * A delivery engine process: waits for the database, starts the engine, and on SIGTERM or
 * SIGINT drains it (sends in flight finish and are recorded, the rest is released) and exits 0.
 */
export async function runWorker(): Promise<void> {
  await waitForDatabase();
  const engine = await startEngineFromEnv();
  onShutdownSignal(async (signal) => {
    logger.info("worker.stopping", { signal, workerId: engine.workerId });
    await engine.stop();
    closeMail();
    await pool.end().catch(() => {});
    process.exit(0);
  });
}
