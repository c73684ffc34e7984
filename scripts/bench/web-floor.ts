import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { startNextServer, type NextServer } from "./next-server";

/** The lists bench:web measures against the floor's JSON. */
export const FLOOR_LISTS = ["contacts", "reminders"] as const;

/** The deepest folder holding both paths. */
function commonAncestor(a: string, b: string): string {
  const as = a.split(path.sep);
  const bs = b.split(path.sep);
  let i = 0;
  while (i < as.length && i < bs.length && as[i] === bs[i]) i++;
  return as.slice(0, i).join(path.sep) || path.sep;
}

/**
 * Builds the floor app (bench/floor) with the same Next.js and bundler as the app, in a copy
 * under `workDir`: inside the repository Turbopack would also compile the app's proxy.ts and
 * instrumentation.ts, which it looks for in every folder above the project.
 */
export function buildFloor(workDir: string): string {
  const floorDir = path.join(workDir, "floor-app");
  cpSync(path.resolve("bench/floor"), floorDir, {
    recursive: true,
    filter: (source) => !/[\\/](\.next|node_modules)$/.test(source),
  });
  const modules = realpathSync("node_modules");
  symlinkSync(modules, path.join(floorDir, "node_modules"), "dir");
  const built = spawnSync(path.join(modules, ".bin", "next"), ["build"], {
    cwd: floorDir,
    env: {
      ...process.env,
      NEXT_TELEMETRY_DISABLED: "1",
      FLOOR_TURBOPACK_ROOT: commonAncestor(floorDir, modules),
    },
    encoding: "utf8",
  });
  if (built.status !== 0) throw new Error(`next build of the floor failed:\n${built.stdout}${built.stderr}`);
  return floorDir;
}

/** Saves what the app's lists answer, for the floor to serve from memory. */
export async function captureFloorPayloads(appBase: string, cookie: string, payloadDir: string) {
  mkdirSync(payloadDir, { recursive: true });
  for (const list of FLOOR_LISTS) {
    const response = await fetch(`${appBase}/api/${list}`, { headers: { cookie } });
    if (!response.ok) throw new Error(`GET /api/${list} answered ${response.status}`);
    writeFileSync(path.join(payloadDir, `${list}.json`), await response.text());
  }
}

/** `next start` of the built floor, serving the payloads in `payloadDir`. */
export function startFloor(floorDir: string, payloadDir: string, profileDir?: string): Promise<NextServer> {
  return startNextServer({
    projectDir: floorDir,
    env: () => ({ FLOOR_PAYLOAD_DIR: payloadDir }),
    readyPath: "/",
    profileDir,
  });
}
