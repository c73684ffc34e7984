/**
 * npm run bench:failover -- [--reminders 6000] [--users 60] [--at 0.3] [--outage-seconds 15]
 *   [--read-seconds 15] [--no-switchover] [--no-reads] [--build] [--out file]
 * The loopback high-availability cluster (scripts/ha/cluster.ts: Patroni on etcd, a primary and a
 * synchronous standby of Debian's PostgreSQL, HAProxy on Patroni's health checks, PgBouncer), two
 * `npm run worker` processes (dist/worker.mjs) and one `next start` (WORKER_MODE=external), all
 * through PgBouncer: transaction pooling for queries, session pooling for LISTEN and the job
 * runner, the replica URL for lag-tolerant reads. Then:
 * 1. a burst of `--reminders` over the three channels; once `--at` of it is recorded, the primary's
 *    postmaster is SIGKILLed and Patroni promotes the standby;
 * 2. the same with a planned `patronictl switchover` instead;
 * 3. the same with Patroni paused: no primary at all for `--outage-seconds` (0: not run), then
 *    Patroni resumed, so the web process's 503s and its recovery show;
 * while the web process is asked for pages, API reads and writes throughout. Per fault: seconds
 * without a primary (as the app sees it through PgBouncer), until a new leader, until deliveries
 * flow again; deliveries per second before and after; duplicates and losses at the peers; web
 * answers 503 and other 5xx; whether any process needed a restart.
 * 4. the lag-tolerant reads served with and without DATABASE_REPLICA_URL, A B B A, with the
 *    primary's CPU and rows read per request.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { runMigrations } from "@/lib/db/migrate";
import { startHaCluster } from "@/scripts/ha/cluster";
import { APP_DATABASE } from "@/scripts/ha/cluster-config";
import { numberFlag, writeResult } from "@/tests/support/bench-kit";
import { startBareSmtpSink } from "@/tests/support/bare-smtp-sink";
import { startTwilioSink, twilioSinkEnv } from "@/tests/support/twilio-sink";
import { resilientPool } from "./bench/failover-harness";
import { runFailoverBurst, type FailoverContext, type FailoverRun, type Fault } from "./bench/failover-run";
import { clusterDatabaseEnv, failoverWebUser, startClusterWeb } from "./bench/failover-web";
import { startWebLoad } from "./bench/failover-web-load";
import {
  buildWorker,
  spawnFleetWorker,
  stopWorker,
  waitForHeartbeats,
  workerNodeFlags,
} from "./bench/fleet-workers";
import { growthReminderId, growthSessions, seedGrowthUsers } from "./bench/growth-seed";
import { stopNextServer } from "./bench/next-server";
import { measureReplicaReads } from "./bench/replica-reads";

const N = numberFlag("reminders", 6_000);
const USERS = numberFlag("users", 60);
const AT = numberFlag("at", 0.3);
const READ_SECONDS = numberFlag("read-seconds", 15);
const SWITCHOVER = !process.argv.includes("--no-switchover");
const OUTAGE = numberFlag("outage-seconds", 15);
const READS = !process.argv.includes("--no-reads");
const READERS = 10;

const load = () => os.loadavg().map((l) => Number(l.toFixed(2)));
const loadAtStart = load();
console.log(`bench:failover  reminders=${N} users=${USERS} at=${AT}  load ${loadAtStart.join(" ")}`);
if (process.argv.includes("--build") || !existsSync(".next/BUILD_ID")) {
  const built = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (built.status !== 0) throw new Error("npm run build failed");
} else buildWorker();

const dir = mkdtempSync(path.join(os.tmpdir(), "remindful-failover-"));
const cluster = await startHaCluster({ log: (line) => console.log(line) });
const stops: Array<() => Promise<unknown>> = [];
try {
  await runMigrations(cluster.sessionUrl);
  const harness = resilientPool(cluster.adminUrl(APP_DATABASE));
  stops.push(() => harness.end());
  const smtp = await startBareSmtpSink({ latencyMs: 1 });
  const twilio = await startTwilioSink({ latencyMs: 1 });
  stops.push(
    () => smtp.close(),
    () => twilio.close(),
  );

  // Signed-in readers with 13 months of history each (bench:growth's generator) and a calendar feed.
  const seeder = new pg.Client({ connectionString: cluster.adminUrl(APP_DATABASE) });
  await seeder.connect();
  await seedGrowthUsers(seeder, { from: 1, to: READERS, end: new Date() });
  const sessions = await growthSessions(seeder, 1, READERS);
  await seeder.end();
  const readers = [];
  for (const s of sessions) {
    const token = randomBytes(32).toString("base64url");
    await harness.query("update workspace_members set calendar_token = $1 where user_id = $2", [token, s.id]);
    readers.push({
      ...s,
      cookie: `authjs.session-token=${s.token}`,
      calendar: token,
      reminderId: growthReminderId(s.user, 0),
    });
  }
  await harness.query("vacuum analyze");

  const webWithReplica = await startClusterWeb(cluster, dir, { replica: true });
  stops.push(() => stopNextServer(webWithReplica.server));
  const workerEnv = {
    ...clusterDatabaseEnv(cluster, { replica: true }),
    SMTP_URL: smtp.url,
    ...twilioSinkEnv(twilio, 1000),
    TWILIO_WHATSAPP_MPS: "1000",
    LOG_LEVEL: "error",
  };
  const workers = [spawnFleetWorker(workerEnv, "failover-w1"), spawnFleetWorker(workerEnv, "failover-w2")];
  stops.push(() => Promise.all(workers.map((w) => stopWorker(w))));
  await waitForHeartbeats(harness, workers);

  const webUser = await failoverWebUser(harness);
  const webLoad = startWebLoad(webWithReplica.base, webUser.targets, {
    cookie: webUser.cookie,
    concurrency: 2,
    pauseMs: 20,
  });
  stops.push(() => webLoad.stop());
  const ctx: FailoverContext = {
    cluster,
    harness,
    smtp,
    twilio,
    workers,
    web: { server: webWithReplica.server, answers: webLoad.answers },
    reminders: N,
    users: USERS,
  };

  const faults: FailoverRun[] = [];
  const kinds: Fault[] = [
    "kill",
    ...(SWITCHOVER ? (["switchover"] as const) : []),
    ...(OUTAGE > 0 ? (["outage"] as const) : []),
  ];
  for (const fault of kinds) {
    const run = await runFailoverBurst(ctx, fault, { at: AT, prefix: `${fault}-`, outageSeconds: OUTAGE });
    report(run);
    faults.push(run);
  }
  await webLoad.stop();

  let reads: Awaited<ReturnType<typeof measureReplicaReads>> | null = null;
  if (READS) {
    const webPrimaryOnly = await startClusterWeb(cluster, dir, { replica: false });
    stops.push(() => stopNextServer(webPrimaryOnly.server));
    reads = await measureReplicaReads({
      cluster,
      database: APP_DATABASE,
      webs: { primaryOnly: webPrimaryOnly.base, withReplica: webWithReplica.base },
      targets: readers.flatMap((r) => [
        { name: "activity page", path: "/activity", cookie: r.cookie },
        { name: "activity API", path: "/api/deliveries?limit=50", cookie: r.cookie },
        { name: "history", path: `/api/reminders/${r.reminderId}/deliveries`, cookie: r.cookie },
        { name: "calendar feed", path: `/api/calendar/${r.calendar}.ics`, cookie: "" },
        // The largest read a user can start (its whole history), at most 5 a minute per user.
        { name: "export", path: "/api/account/export", cookie: r.cookie, limit: 1 },
      ]),
      cookie: readers[0].cookie,
      seconds: READ_SECONDS,
      concurrency: 4,
    });
    console.log(`\n== lag-tolerant reads, A B B A, ${READ_SECONDS} s each`);
    for (const r of reads.runs) console.log(JSON.stringify(r));
  }

  const summary = {
    settings: {
      reminders: N,
      users: USERS,
      faultAt: AT,
      channels: "email, sms, whatsapp in turn",
      postgres: cluster.postgresVersion,
      cluster:
        "Patroni 2 nodes on etcd (synchronous_mode, primary_start_timeout 0, loop_wait 1, ttl 20); HAProxy checks /primary every 500 ms; PgBouncer transaction + session pools, query_wait_timeout 10 s",
      workers: `2 × node ${workerNodeFlags().join(" ")} dist/worker.mjs (npm run worker), WORKER_CONCURRENCY 20`,
      web: "next start, WORKER_MODE=external, 2 lanes: health, reminders, activity, a template write",
      peerLatencyMs: 1,
    },
    faults,
    reads,
    loadAverage: { start: loadAtStart, end: load() },
  };
  console.log(
    "\nfault        no primary  new leader  deliveries again  per s before/after  dup/lost  in flight  web 503 / other 5xx / none  restarts",
  );
  for (const f of faults) {
    console.log(
      `${f.fault.padEnd(12)} ${`${f.noPrimarySeconds} s`.padEnd(11)} ${`${f.newLeaderSeconds} s`.padEnd(11)} ${`${f.deliveriesResumedSeconds} s`.padEnd(17)} ${`${f.deliveriesPerSecondBefore} / ${f.deliveriesPerSecondAfter}`.padEnd(19)} ${`${f.duplicates} / ${f.lost}`.padEnd(9)} ${String(f.inFlightAtFault).padEnd(10)} ${`${f.web?.unavailable503} / ${f.web?.otherServerErrors} / ${f.web?.noAnswer}`.padEnd(27)} ${f.restartsNeeded}`,
    );
  }
  if (reads) {
    console.log(
      `reads on the primary per request: CPU ${reads.primaryOnly.primaryCpuMsPerRequest} ms without a replica, ${reads.withReplica.primaryCpuMsPerRequest} ms with; rows ${reads.primaryOnly.primaryRowsReadPerRequest} / ${reads.withReplica.primaryRowsReadPerRequest}`,
    );
  }
  const held = faults.every(
    (f) => f.lost === 0 && f.web?.otherServerErrors === 0 && f.web?.noAnswer === 0 && f.restartsNeeded === 0,
  );
  console.log(`0 lost, no 5xx other than 503, nothing restarted: ${held ? "yes" : "NO"}`);
  writeResult("failover", summary);
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => {});
  await cluster.stop();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(0);

function report(run: FailoverRun) {
  console.log(`\n== ${run.fault}\n${JSON.stringify(run, null, 2)}`);
}
