import { execFileSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { inject } from "vitest";

/**
 * `npm start` and `npm run worker` serve the production build (.next and dist/worker.mjs): made
 * here, once per run of the suite, unless FAULTS_SKIP_BUILD=1 says the existing one is current.
 */
export function ensureProductionBuild() {
  const stamp = ".next/BUILD_ID";
  if (process.env.FAULTS_SKIP_BUILD === "1" && existsSync(stamp)) return;
  if (existsSync(stamp) && statSync(stamp).mtimeMs >= inject("faultsRunStartedAt")) return;
  execFileSync("npm", ["run", "build"], { stdio: ["ignore", "ignore", "inherit"] });
}
