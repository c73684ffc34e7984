/**
 * `npm run worker`: a delivery engine process (scale out with as many as you like; run the
 * web app with WORKER_MODE=external to keep it out of the web process). `npm run build`
 * bundles it into dist/worker.mjs (scripts/build-worker.mjs), which `npm run worker` runs with
 * no TypeScript loader; `npm run worker:dev` runs this source.
 */
import { exitOnStartFailure } from "./exit-on-start-failure";

// Loaded here rather than imported: an invalid environment throws while the app's modules load,
// and that must end in one message and exit code 1 like any other failed start.
try {
  const { runWorker } = await import("./run-worker");
  await runWorker();
} catch (error) {
  exitOnStartFailure(error);
}
