/**
 * `npm run worker`: a delivery engine process (scale out with as many as you like; run the
 * web app with WORKER_MODE=external to keep it out of the web process).
 */
import { env } from "@/lib/env";
import { logger } from "@/lib/logger";
import { startDeliveryEngine } from "@/lib/delivery/engine";
import { closeMail } from "@/lib/mail/send-mail";
import { pool } from "@/lib/db";

const engine = await startDeliveryEngine({
  concurrency: env.WORKER_CONCURRENCY,
  parallel: env.WORKER_PARALLEL,
});

async function shutdown(signal: string) {
  logger.info("worker.stopping", { signal, workerId: engine.workerId });
  await engine.stop();
  closeMail();
  await pool.end().catch(() => {});
  process.exit(0);
}
process.once("SIGTERM", () => void shutdown("SIGTERM"));
process.once("SIGINT", () => void shutdown("SIGINT"));
