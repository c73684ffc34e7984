/**
 * npm run bench:web [-- --duration 10 --connections 50 --contacts 1000 --reminders 10000 --build --profile]
 *
 * Starts `next start` from the existing build (or builds with --build / when none exists) on a
 * fresh embedded PostgreSQL seeded with one user owning N contacts and M reminders, then runs
 * autocannon against the landing page, the dashboard and the two API lists. Prints requests/s
 * and p50/p95/p99 latency, the landing page's first-load JavaScript (gzipped), and writes
 * bench/results/web.json. With --profile each target gets its own server run under
 * `node --cpu-prof`, and the script prints where that server's CPU time went (by package and by
 * function) and writes bench/results/web-profile.json.
 *
 * In the same run it measures a floor: the same JSON the lists answered, served from memory by a
 * bare route (/api/bench-floor/*), and a bare page (/bench-floor); both exist only while
 * BENCH_FLOOR_DIR is set. Each target is reported as a fraction of its floor. The script exits
 * non-zero when any answer was not 2xx, a request failed, or the signed-in `/` did not render
 * the dashboard (checked before and after the load).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import pg from "pg";
import { freePort, startEmbeddedPostgres } from "@/lib/db/embedded";
import { runMigrations } from "@/lib/db/migrate";
import { SESSION_COOKIE } from "@/lib/auth/session-cookie";
import { summariseProfiles, type ProfileSummary } from "./bench/cpu-profile";
import { percentile } from "./bench-stats";

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    contacts: { type: "string", default: "1000" },
    reminders: { type: "string", default: "10000" },
    build: { type: "boolean", default: false },
    profile: { type: "boolean", default: false },
  },
});
const duration = Number(args.duration);
const connections = Number(args.connections);

async function seed(url: string, contactCount: number, reminderCount: number): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const sessionToken = randomBytes(24).toString("hex");
    const { rows } = await client.query<{ id: string }>(
      `insert into users (id, email, name, plan_type, subscription_status, is_active, reminders_quota,
         reminders_used_current_period, trial_end_date, timezone)
       values (gen_random_uuid()::text, 'bench@example.com', 'Bench User', 'business', 'active', true, 15000, 1200,
         now() + interval '7 days', 'Europe/Paris') returning id`,
    );
    const userId = rows[0].id;
    await client.query(
      `insert into sessions (session_token, user_id, expires) values ($1, $2, now() + interval '1 day')`,
      [sessionToken, userId],
    );
    await client.query(
      `insert into contacts (id, user_id, name, email, phone, relationship, delivery_method, unsubscribe_token)
       select gen_random_uuid()::text, $1, 'Contact ' || g, 'contact' || g || '@example.com',
              '+1415555' || lpad(g::text, 4, '0'), 'Friend', 'email', gen_random_uuid()::text
       from generate_series(1, $2) g`,
      [userId, contactCount],
    );
    // A mix of one-time and recurring reminders spread over the coming year.
    await client.query(
      `with c as (select id, row_number() over (order by id) - 1 as n from contacts where user_id = $1)
       insert into reminders (id, user_id, contact_id, type, message, status, delivery_method, schedule_type,
         scheduled_for, frequency, time, days, timezone, next_run_at)
       select gen_random_uuid()::text, $1, c.id, 'text', 'Reminder ' || g, 'scheduled', 'email',
              case when g % 3 = 0 then 'recurring' else 'once' end,
              now() + (g || ' minutes')::interval,
              case when g % 3 = 0 then 'weekly' end,
              case when g % 3 = 0 then '09:00' end,
              case when g % 3 = 0 then array['Mon','Thu'] end,
              'Europe/Paris', now() + (g || ' minutes')::interval
       from generate_series(1, $2) g join c on c.n = g % $3`,
      [userId, reminderCount, contactCount],
    );
    // The tables as autovacuum leaves them a minute after a bulk load: statistics (without them
    // the planner guesses a handful of rows per user and plans the first requests for that) and
    // the visibility map (an insert-driven vacuum sets it, so index-only scans skip the heap).
    // Without this, whether autovacuum ran before a target made it read the tables differently
    // from one run to the next.
    await client.query("vacuum analyze");
    return sessionToken;
  } finally {
    await client.end();
  }
}

async function waitForHealth(base: string, server: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (server.exitCode !== null) throw new Error(`next start exited with ${server.exitCode}`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("the app did not become healthy in 120 s");
}

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

/** Strings the dashboard renders (messages/en.json) and the landing page does not. */
function dashboardMarkers(): string[] {
  const en = JSON.parse(readFileSync("messages/en.json", "utf8")) as { dashboard: Record<string, string> };
  return [en.dashboard.totalContacts, en.dashboard.activeReminders];
}

/** What the signed-in `/` and the landing page answer: problems found, empty when both are right. */
async function checkPages(base: string, cookie: string): Promise<string[]> {
  const problems: string[] = [];
  const markers = dashboardMarkers();
  const signedIn = await fetch(`${base}/`, { headers: { cookie }, redirect: "manual" });
  const html = await signedIn.text();
  if (signedIn.status !== 200) problems.push(`signed-in / answered ${signedIn.status}`);
  for (const m of markers)
    if (!html.includes(m)) problems.push(`signed-in / lacks "${m}" (not the dashboard)`);
  const landing = await fetch(`${base}/`, { redirect: "manual" });
  const landingHtml = await landing.text();
  if (landing.status !== 200) problems.push(`landing answered ${landing.status}`);
  if (markers.some((m) => landingHtml.includes(m))) problems.push("landing shows the dashboard");
  return problems;
}

/** Saves what the lists answer, for the floor routes to serve from memory. */
async function captureFloor(base: string, cookie: string, floorDir: string) {
  mkdirSync(floorDir, { recursive: true });
  for (const list of ["contacts", "reminders"]) {
    const response = await fetch(`${base}/api/${list}`, { headers: { cookie } });
    if (!response.ok) throw new Error(`GET /api/${list} answered ${response.status}`);
    writeFileSync(path.join(floorDir, `${list}.json`), await response.text());
  }
}

async function startApp(databaseUrl: string, dir: string, profileDir?: string) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn("node_modules/.bin/next", ["start", "-p", String(port), "-H", "127.0.0.1"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      APP_URL: base,
      DATA_DIR: path.join(dir, "app"),
      AUTH_SECRET: "bench-secret-not-for-production",
      WORKER_MODE: "external",
      LOG_LEVEL: "warn",
      NEXT_TELEMETRY_DISABLED: "1",
      BENCH_FLOOR_DIR: path.join(dir, "floor"),
      ...(profileDir ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profileDir}` } : {}),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await waitForHealth(base, server);
  return { base, server };
}

/** SIGTERM, then wait for the exit (a profiled process writes its profile while exiting). */
async function stopApp(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
}

async function main() {
  if (args.build || !existsSync(".next/BUILD_ID")) {
    const built = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
    if (built.status !== 0) throw new Error("next build failed");
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "remindful-bench-web-"));
  chmodSync(dir, 0o755);
  const database = await startEmbeddedPostgres({
    dataDir: path.join(dir, "pg"),
    database: "bench",
    persistent: false,
  });
  let server: ChildProcess | undefined;
  try {
    await runMigrations(database.url);
    const sessionToken = await seed(database.url, Number(args.contacts), Number(args.reminders));
    const cookie = `${SESSION_COOKIE}=${sessionToken}`;
    const targets: [name: string, urlPath: string, cookie?: string][] = [
      ["landing", "/"],
      ["dashboard", "/", cookie],
      ["GET /api/contacts", "/api/contacts", cookie],
      ["GET /api/reminders", "/api/reminders", cookie],
      ["floor: page", "/bench-floor"],
      ["floor: contacts JSON", "/api/bench-floor/contacts"],
      ["floor: reminders JSON", "/api/bench-floor/reminders"],
    ];
    const problems: string[] = [];
    const results: TargetResult[] = [];
    const profiles: Record<string, ProfileSummary> = {};
    if (args.profile) {
      // One profiled server per target, so each profile shows one kind of request.
      for (const [name, urlPath, targetCookie] of targets) {
        const profileDir = path.join(dir, "profiles", name.replace(/\W+/g, "-"));
        const app = await startApp(database.url, dir, profileDir);
        try {
          if (!existsSync(path.join(dir, "floor", "reminders.json")))
            await captureFloor(app.base, cookie, path.join(dir, "floor"));
          results.push(await hammer(app.base, name, urlPath, targetCookie));
        } finally {
          await stopApp(app.server);
        }
        profiles[name] = summariseProfiles(profileDir);
      }
    }
    const app = await startApp(database.url, dir);
    server = app.server;
    const base = app.base;
    problems.push(...(await checkPages(base, cookie)));
    if (!args.profile) {
      await captureFloor(base, cookie, path.join(dir, "floor"));
      for (const [name, urlPath, targetCookie] of targets) {
        results.push(await hammer(base, name, urlPath, targetCookie));
      }
    }
    problems.push(...(await checkPages(base, cookie)).map((p) => `after the load: ${p}`));
    for (const r of results) {
      if (r.non2xx > 0) problems.push(`${r.name}: ${r.non2xx} answers were not 2xx`);
      if (r.errors > 0) problems.push(`${r.name}: ${r.errors} requests failed`);
    }
    const rate = (name: string) => results.find((r) => r.name === name)?.requestsPerSecond ?? NaN;
    const ratio = (name: string, floor: string) => Number((rate(name) / rate(floor)).toFixed(2));
    const ofFloor = {
      landing: ratio("landing", "floor: page"),
      dashboard: ratio("dashboard", "floor: page"),
      contacts: ratio("GET /api/contacts", "floor: contacts JSON"),
      reminders: ratio("GET /api/reminders", "floor: reminders JSON"),
    };
    const firstLoad = await landingFirstLoadJs(base);
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

    mkdirSync("bench/results", { recursive: true });
    // A profiled run is slower than a plain one, so its figures go to their own file.
    writeFileSync(
      args.profile ? "bench/results/web-profile.json" : "bench/results/web.json",
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
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
        null,
        2,
      )}\n`,
    );
    if (problems.length > 0) {
      console.error(`\nbench:web FAILED:\n  ${problems.join("\n  ")}`);
      process.exitCode = 1;
    }
  } finally {
    server?.kill("SIGTERM");
    await database.stop();
  }
}

await main();
process.exit(process.exitCode ?? 0);
