/**
 * `npm run worker`: a delivery engine process (scale out with as many as you like; run the
 * web app with WORKER_MODE=external to keep it out of the web process).
 */
import { logger } from "@/lib/logger";
import { onShutdownSignal } from "@/lib/jobs/on-shutdown-signal";
import { startEngineFromEnv } from "@/jobs/start-engine-from-env";
import { closeMail } from "@/lib/mail/send-mail";
import { pool } from "@/lib/db";

const engine = await startEngineFromEnv();

onShutdownSignal(async (signal) => {
  logger.info("worker.stopping", { signal, workerId: engine.workerId });
  await engine.stop();
  closeMail();
  await pool.end().catch(() => {});
  process.exit(0);
});
