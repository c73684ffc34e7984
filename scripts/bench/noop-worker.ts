/** graphile-worker alone, running no-op jobs: the yardstick for bench:delivery. */
import { Logger, run } from "graphile-worker";

const runner = await run({
  connectionString: process.env.DATABASE_URL,
  concurrency: Number(process.env.WORKER_CONCURRENCY ?? 20),
  logger: new Logger(() => () => {}),
  taskList: { noop: async () => {} },
});
await runner.promise;
