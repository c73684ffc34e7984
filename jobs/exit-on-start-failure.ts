/**
 * Ends a process that cannot start (an invalid environment, a database that did not come up):
 * one clear message on stderr and exit code 1, so a supervisor sees the failure and restarts or
 * reports it, instead of a server that keeps listening and answers 500. Imports nothing of the
 * app: the environment itself may be what failed.
 */
export function exitOnStartFailure(error: unknown): never {
  const reason = error instanceof Error ? error.message : String(error);
  // Next.js prefixes its wrapper's words to errors from instrumentation's register().
  const message = reason.replace(/^An error occurred while loading instrumentation hook: /, "");
  process.stderr.write(`Remindful cannot start.\n${message}\n`);
  process.exit(1);
}
