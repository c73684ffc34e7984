/**
 * npm run bench:web [-- --duration 10 --connections 50 --contacts 1000 --reminders 10000 --build --profile --out file]
 *
 * Starts `next start` from the existing build (or builds with --build / when none exists) on a
 * fresh embedded PostgreSQL seeded with one user owning N contacts and M reminders, then runs
 * autocannon against the landing page, the dashboard and the two API lists. Prints requests/s
 * and p50/p95/p99 latency, the landing page's first-load JavaScript (gzipped), and writes
 * bench/results/web.json (or --out). With --profile each target gets its own server run under
 * `node --cpu-prof`, and the script prints where that server's CPU time went (by package and by
 * function); a profiled run is written only to --out.
 *
 * In the same run it measures a floor: bench/floor, a separate Next.js app built with the same
 * Next.js, serving a bare page and the exact JSON the two lists answered, from memory. Each
 * target is reported as a fraction of its floor. The script exits non-zero when any answer was
 * not 2xx, a request failed, or the signed-in `/` did not render the dashboard (checked before
 * and after the load).
 */
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { startEmbeddedPostgres } from "@/lib/db/embedded";
import { runMigrations } from "@/lib/db/migrate";
import { SESSION_COOKIE } from "@/lib/auth/session-cookie";
import { writeResult } from "@/tests/support/bench-kit";
import { summariseProfiles, type ProfileSummary } from "./bench/cpu-profile";
import { startApp, stopNextServer, type NextServer } from "./bench/next-server";
import { buildFloor, captureFloorPayloads, startFloor } from "./bench/web-floor";
import { checkFloor, checkPages } from "./bench/web-checks";
import { seedWebBench } from "./bench/web-seed";
import { percentile } from "./bench-stats";

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    contacts: { type: "string", default: "1000" },
    reminders: { type: "string", default: "10000" },
    build: { type: "boolean", default: false },
    profile: { type: "boolean", default: false },
    out: { type: "string" },
  },
});
const duration = Number(args.duration);
const connections = Number(args.connections);

/**
 * The gzipped size of every script the landing page loads in a modern browser (noModule
 * polyfills are skipped by such browsers and are left out), chunk by chunk.
 */
async function landingFirstLoadJs(
  base: string,
): Promise<{ total: number; chunks: { src: string; gzipBytes: number }[] }> {
  const html = await (await fetch(`${base}/`)).text();
  const tags = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"[^>]*>/g)];
  const sources = new Set(tags.filter((m) => !/nomodule/i.test(m[0])).map((m) => m[1]));
  const chunks: { src: string; gzipBytes: number }[] = [];
  for (const src of sources) {
    const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
    chunks.push({ src, gzipBytes: gzipSync(body).length });
  }
  chunks.sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { total: chunks.reduce((sum, c) => sum + c.gzipBytes, 0), chunks };
}

interface TargetResult {
  name: string;
  path: string;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function hammer(base: string, name: string, urlPath: string, cookie?: string): Promise<TargetResult> {
  const headers = cookie ? { cookie } : undefined;
  // A short warm-up so compilation caches and pools are filled before measuring.
  await autocannon({ url: `${base}${urlPath}`, connections: 10, duration: 2, headers });
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: `${base}${urlPath}`, connections, duration, headers },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  latencies.sort((a, b) => a - b);
  return {
    name,
    path: urlPath,
    requestsPerSecond: Math.round(result.requests.average),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

interface Target {
  name: string;
  server: "app" | "floor";
  path: string;
  cookie?: string;
}

async function main() {
  if (args.build || !existsSync(".next/BUILD_ID")) {
    const built = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
    if (built.status !== 0) throw new Error("next build failed");
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "remindful-bench-web-"));
  chmodSync(dir, 0o755);
  const floorDir = buildFloor(dir);
  const payloadDir = path.join(dir, "floor-payloads");
  const database = await startEmbeddedPostgres({
    dataDir: path.join(dir, "pg"),
    database: "bench",
    persistent: false,
  });
  let app: NextServer | undefined;
  let floor: NextServer | undefined;
  try {
    await runMigrations(database.url);
    const sessionToken = await seedWebBench(database.url, Number(args.contacts), Number(args.reminders));
    const cookie = `${SESSION_COOKIE}=${sessionToken}`;
    const problems: string[] = [];
    app = await startApp(database.url, dir);
    problems.push(...(await checkPages(app.base, cookie)));
    await captureFloorPayloads(app.base, cookie, payloadDir);
    floor = await startFloor(floorDir, payloadDir);
    problems.push(...(await checkFloor(floor.base, payloadDir)));
    const targets: Target[] = [
      { name: "landing", server: "app", path: "/" },
      { name: "dashboard", server: "app", path: "/", cookie },
      { name: "GET /api/contacts", server: "app", path: "/api/contacts", cookie },
      { name: "GET /api/reminders", server: "app", path: "/api/reminders", cookie },
      { name: "floor: page", server: "floor", path: "/" },
      { name: "floor: contacts JSON", server: "floor", path: "/api/contacts" },
      { name: "floor: reminders JSON", server: "floor", path: "/api/reminders" },
    ];
    const results: TargetResult[] = [];
    const profiles: Record<string, ProfileSummary> = {};
    for (const target of targets) {
      if (!args.profile) {
        const base = target.server === "app" ? app.base : floor.base;
        results.push(await hammer(base, target.name, target.path, target.cookie));
        continue;
      }
      // One profiled server per target, so each profile shows one kind of request.
      const profileDir = path.join(dir, "profiles", target.name.replace(/\W+/g, "-"));
      const profiled =
        target.server === "app"
          ? await startApp(database.url, dir, profileDir)
          : await startFloor(floorDir, payloadDir, profileDir);
      try {
        results.push(await hammer(profiled.base, target.name, target.path, target.cookie));
      } finally {
        await stopNextServer(profiled.server);
      }
      profiles[target.name] = summariseProfiles(profileDir);
    }
    problems.push(...(await checkPages(app.base, cookie)).map((p) => `after the load: ${p}`));
    for (const r of results) {
      if (r.non2xx > 0) problems.push(`${r.name}: ${r.non2xx} answers were not 2xx`);
      if (r.errors > 0) problems.push(`${r.name}: ${r.errors} requests failed`);
    }
    const rate = (name: string) => results.find((r) => r.name === name)?.requestsPerSecond ?? NaN;
    const ratio = (name: string, floorName: string) => Number((rate(name) / rate(floorName)).toFixed(2));
    const ofFloor = {
      landing: ratio("landing", "floor: page"),
      dashboard: ratio("dashboard", "floor: page"),
      contacts: ratio("GET /api/contacts", "floor: contacts JSON"),
      reminders: ratio("GET /api/reminders", "floor: reminders JSON"),
    };
    const firstLoad = await landingFirstLoadJs(app.base);
    const firstLoadBytes = firstLoad.total;

    console.log(
      `\nbench:web  ${connections} connections, ${duration} s each, ${args.contacts} contacts, ${args.reminders} reminders`,
    );
    console.table(
      results.map((r) => ({
        target: r.name,
        "req/s": r.requestsPerSecond,
        "p50 ms": r.p50,
        "p95 ms": r.p95,
        "p99 ms": r.p99,
        non2xx: r.non2xx,
        errors: r.errors,
      })),
    );
    console.log("fraction of the floor (req/s ÷ floor req/s):", ofFloor);
    const targetsMet = {
      apiListsAtLeastHalfTheFloor: ofFloor.contacts >= 0.5 && ofFloor.reminders >= 0.5,
      dashboardAtLeast30PercentOfTheFloor: ofFloor.dashboard >= 0.3,
      apiListsP95Under100ms: results
        .filter((r) => r.path.startsWith("/api/") && !r.name.startsWith("floor"))
        .every((r) => r.p95 < 100),
      dashboardP95Under250ms: (results.find((r) => r.name === "dashboard")?.p95 ?? Infinity) < 250,
      landingFirstLoadJsAtMost120kB: firstLoadBytes <= 120 * 1024,
    };
    console.log(`landing first-load JS: ${(firstLoadBytes / 1024).toFixed(1)} kB gzipped, by chunk:`);
    for (const chunk of firstLoad.chunks)
      console.log(`  ${(chunk.gzipBytes / 1024).toFixed(1).padStart(6)} kB  ${chunk.src}`);
    console.log("targets:", targetsMet);
    for (const [name, summary] of Object.entries(profiles)) {
      console.log(`\nCPU profile of the server under ${name}: ${summary.totalMs} ms busy`);
      console.table(summary.byArea.map((a) => ({ area: a.name, ms: a.ms, "%": a.percent })));
      console.table(summary.topFunctions.map((f) => ({ function: f.name, ms: f.ms, "%": f.percent })));
    }

    writeResult(
      "web",
      {
        machine: {
          cpus: os.cpus().length,
          model: os.cpus()[0]?.model,
          memoryGiB: Math.round(os.totalmem() / 2 ** 30),
        },
        options: {
          duration,
          connections,
          contacts: Number(args.contacts),
          reminders: Number(args.reminders),
        },
        results,
        fractionOfFloor: ofFloor,
        problems,
        loadAverage: os.loadavg(),
        landingFirstLoadJsGzipBytes: firstLoadBytes,
        landingChunks: firstLoad.chunks,
        targets: targetsMet,
        ...(args.profile ? { profiles } : {}),
      },
      { profiled: args.profile },
    );
    if (problems.length > 0) {
      console.error(`\nbench:web FAILED:\n  ${problems.join("\n  ")}`);
      process.exitCode = 1;
    }
  } finally {
    if (app) await stopNextServer(app.server);
    if (floor) await stopNextServer(floor.server);
    await database.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
process.exit(process.exitCode ?? 0);
