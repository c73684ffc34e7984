/**
 * Runs once when a server process starts: the environment valid and the database ready before
 * the first request, else the process exits 1 with the reason (Next.js would otherwise keep
 * listening and answer 500 to every request, for good). Only dynamic imports: an invalid
 * environment throws while the app's modules load, and that too must end here.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { exitOnStartFailure } = await import("@/jobs/exit-on-start-failure");
  try {
    const { env } = await import("@/lib/env");
    const { waitForDatabase } = await import("@/lib/db/wait-for-database");
    await waitForDatabase();
    // The delivery engine runs in the web process unless dedicated `npm run worker` processes do it.
    if (env.WORKER_MODE !== "external" && env.NODE_ENV !== "test") {
      const { startEngineFromEnv } = await import("@/jobs/start-engine-from-env");
      const { onShutdownSignal } = await import("@/lib/jobs/on-shutdown-signal");
      const { logger } = await import("@/lib/logger");
      const engine = await startEngineFromEnv();
      // On SIGTERM the engine drains first; then Next closes the server and exits.
      onShutdownSignal(async (signal) => {
        logger.info("web.stopping", { signal, workerId: engine.workerId });
        await engine.stop();
      });
    }
  } catch (error) {
    exitOnStartFailure(error);
  }
}
