import { JOB_CRONTAB, JOB_FORBIDDEN_FLAGS, JOB_TASKS } from "@/jobs/registry";
import { startDeliveryEngine, type DeliveryEngine } from "@/lib/delivery/engine";
import { env } from "@/lib/env";

/**
 * The one way a process starts its engine (the web process from instrumentation.ts, and
 * `npm run worker`): delivery dispatch plus every job task and the crontab, sized from the
 * environment.
 */
export function startEngineFromEnv(): Promise<DeliveryEngine> {
  return startDeliveryEngine({
    concurrency: env.WORKER_CONCURRENCY,
    parallel: env.WORKER_PARALLEL,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    tasks: JOB_TASKS,
    crontab: JOB_CRONTAB,
    forbiddenFlags: JOB_FORBIDDEN_FLAGS,
  });
}
