/**
 * graphile-worker alone, running no-op jobs: the yardstick for bench:delivery.
 * NOOP_LOCAL_QUEUE=N turns on its batched mode as its performance guide configures it
 * (https://worker.graphile.org/docs/performance: localQueue, completeJobBatchDelay 0, failJobBatchDelay 0).
 * On SIGTERM it prints one JSON line: first and last job instants and the jobs it ran.
 */
import { Logger, run } from "graphile-worker";

const localQueue = Number(process.env.NOOP_LOCAL_QUEUE ?? 0);
let first = 0;
let last = 0;
let count = 0;
const runner = await run({
  connectionString: process.env.DATABASE_URL,
  concurrency: Number(process.env.WORKER_CONCURRENCY ?? 20),
  logger: new Logger(() => () => {}),
  taskList: {
    noop: async () => {
      last = Date.now();
      first ||= last;
      count++;
    },
  },
  ...(localQueue > 0
    ? {
        preset: {
          worker: { localQueue: { size: localQueue }, completeJobBatchDelay: 0, failJobBatchDelay: 0 },
        },
      }
    : {}),
});
process.once("SIGTERM", () => {
  process.stdout.write(`${JSON.stringify({ first, last, count })}\n`);
  void runner.stop().then(() => process.exit(0));
});
await runner.promise;
