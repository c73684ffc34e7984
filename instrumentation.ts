/** Runs once when a server process starts: database ready before the first request. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { ensureDatabase } = await import("@/lib/db/connection");
  await ensureDatabase();
  // The delivery engine runs in the web process unless dedicated `npm run worker` processes do it.
  const { env } = await import("@/lib/env");
  if (env.WORKER_MODE !== "external" && env.NODE_ENV !== "test") {
    const { startDeliveryEngine } = await import("@/lib/delivery/engine");
    await startDeliveryEngine({ concurrency: env.WORKER_CONCURRENCY });
  }
}
