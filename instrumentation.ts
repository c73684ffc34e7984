/** Runs once when a server process starts: database ready before the first request. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { ensureDatabase } = await import("@/lib/db/connection");
  await ensureDatabase();
}
