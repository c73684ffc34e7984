import { logger } from "@/lib/logger";
import { onShutdownSignal } from "@/lib/jobs/on-shutdown-signal";
import { outliveDatabaseOutages } from "@/lib/jobs/outlive-database-outages";
import { startEngineFromEnv } from "@/jobs/start-engine-from-env";
import type { DeliveryEngine } from "@/lib/delivery/engine";
import { closeMail } from "@/lib/mail/send-mail";
import { pool } from "@/lib/db";
import { waitForDatabase } from "@/lib/db/wait-for-database";

/**
 * A delivery engine process: waits for the database, starts the engine, outlives database outages
 * (lib/jobs/outlive-database-outages.ts), and on SIGTERM or
 * SIGINT drains it (sends in flight finish and are recorded, the rest is released) and exits 0.
 * The signal handler comes first: a stop while the database is awaited or the engine starts
 * (a deploy that changes its mind) waits for the start to finish, then drains as usual.
 */
export async function runWorker(): Promise<void> {
  outliveDatabaseOutages();
  const start: { engine?: Promise<DeliveryEngine> } = {};
  onShutdownSignal(async (signal) => {
    const engine = await start.engine?.catch(() => undefined);
    logger.info("worker.stopping", { signal, workerId: engine?.workerId ?? null });
    await engine?.stop();
    closeMail();
    await pool.end().catch(() => {});
    process.exit(0);
  });
  await waitForDatabase();
  start.engine = startEngineFromEnv();
  await start.engine;
}
