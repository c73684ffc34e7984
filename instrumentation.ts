/** Runs once when a server process starts: database ready before the first request. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { ensureDatabase } = await import("@/lib/db/connection");
  await ensureDatabase();
  // The delivery engine runs in the web process unless dedicated `npm run worker` processes do it.
  const { env } = await import("@/lib/env");
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
}
