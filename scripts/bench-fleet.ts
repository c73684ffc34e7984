/**
 * npm run bench:fleet -- [--reminders 20000] [--users 200] [--fleets 1,2,4] [--rounds 2]
 *   [--fault-fleet 2] [--fault-at 0.3] [--no-faults] [--sample-ms 100] [--warm-up 0] [--out file]
 * A fleet of `npm run worker` processes (dist/worker.mjs, built first) on one PostgreSQL (a fresh
 * embedded one, or BENCH_DATABASE_URL's server) and the loopback SMTP and Twilio peers (in this
 * process, 1 ms each). For each fleet size, on freshly seeded tables and fresh processes (with
 * `--warm-up N`, first warmed by N reminders of the same senders, not counted: compiled code,
 * open connections, as in a worker that has run for a while), a burst of
 * `--reminders` over `--users` senders and the three channels (e-mail, SMS, WhatsApp in turn) falls
 * due at one instant; `--rounds` times, the sizes in turn and then in reverse (1, 2, 4, 4, 2, 1), so
 * a load that moves during the run weighs on every size alike. Then the `--fault-fleet` fleet twice more, its first worker SIGKILLed and then
 * SIGTERMed once `--fault-at` of the burst is recorded. Per run: deliveries per second, duplicates
 * and losses counted at the peers, CPU seconds of each process (workers, PostgreSQL by whom its
 * processes serve, this process), WAL bytes and statements per delivery, and the wait states of
 * the workers' backends sampled from pg_stat_activity and pg_locks every `--sample-ms`.
 */
import os from "node:os";
import { benchDatabase, numberFlag, writeResult } from "@/tests/support/bench-kit";
import { openFleetContext } from "./bench/fleet-context";
import { runFleet, type FleetRun } from "./bench/fleet-run";
import { buildWorker, workerNodeFlags } from "./bench/fleet-workers";

const N = numberFlag("reminders", 20_000);
const USERS = numberFlag("users", 200);
const fleetsFlag = process.argv.indexOf("--fleets");
const FLEETS = fleetsFlag > 0 ? process.argv[fleetsFlag + 1].split(",").map(Number) : [1, 2, 4];
if (FLEETS.some((n) => !Number.isInteger(n) || n < 1)) throw new Error("--fleets needs sizes like 1,2,4");
const ROUNDS = numberFlag("rounds", 2);
const FAULT_FLEET = numberFlag("fault-fleet", 2);
const FAULT_AT = numberFlag("fault-at", 0.3);
const FAULTS = !process.argv.includes("--no-faults");
const SAMPLE_MS = numberFlag("sample-ms", 100);
const WARM_UP = numberFlag("warm-up", 0);
const HARNESS = "fleet-bench";

const load = () => os.loadavg().map((l) => Number(l.toFixed(2)));
const loadAtStart = load();
console.log(
  `bench:fleet  reminders=${N} users=${USERS} fleets=${FLEETS.join(",")} faults=${FAULTS ? `fleet ${FAULT_FLEET} at ${FAULT_AT}` : "none"} warm-up=${WARM_UP}  load ${loadAtStart.join(" ")}`,
);
buildWorker();

const db = await benchDatabase("bench_fleet");
const fleet = await openFleetContext(db.url, {
  harness: HARNESS,
  reminders: N,
  users: USERS,
  sampleMs: SAMPLE_MS,
  warmUp: WARM_UP,
});
const { ctx } = fleet;
const settings = await ctx.admin.query<{ name: string; setting: string }>(
  `select name, setting from pg_settings where name in ('server_version', 'max_connections', 'shared_buffers',
     'synchronous_commit', 'wal_level', 'max_wal_size', 'autovacuum')`,
);

const runs: FleetRun[] = [];
for (let round = 0; round < ROUNDS; round++) {
  for (const size of round % 2 === 0 ? FLEETS : [...FLEETS].reverse()) {
    const run = await runFleet(ctx, size);
    report(`fleet of ${size} (round ${round + 1})`, run);
    runs.push(run);
  }
}
/** Per fleet size, the mean over its rounds of what compares sizes. */
const bySize = FLEETS.map((size) => {
  const mine = runs.filter((r) => r.fleet === size);
  const mean = (pick: (r: FleetRun) => number, digits = 0) =>
    Number((mine.reduce((t, r) => t + pick(r), 0) / mine.length).toFixed(digits));
  return {
    fleet: size,
    deliveriesPerSecond: mean((r) => r.deliveriesPerSecond),
    deliveriesPerSecondEachRound: mine.map((r) => r.deliveriesPerSecond),
    /** The engine apart from the senders' limit: rows leased per second, and e-mails (unpaced) sent. */
    leasedPerSecond: mean((r) => N / r.secondsToLastLease),
    emailsDoneAfterSeconds: mean((r) => r.secondsToLastSendByChannel.email ?? 0, 2),
    cpuMsPerDelivery: {
      workers: mean((r) => r.cpuMsPerDelivery.workers, 3),
      postgres: mean((r) => r.cpuMsPerDelivery.postgres, 3),
      harness: mean((r) => r.cpuMsPerDelivery.harness, 3),
    },
    perDelivery: {
      statements: mean((r) => r.perDelivery.statements ?? 0, 3),
      transactions: mean((r) => r.perDelivery.transactions ?? 0, 3),
      walBytes: mean((r) => r.perDelivery.walBytes),
    },
    coresBusy: mean((r) => r.cpuSeconds.coresBusy, 2),
    machineCoresBusy: mean((r) => r.cpuSeconds.machineCoresBusy, 2),
    workerBackendsWaitingOnLocks: mean(
      (r) =>
        Object.entries(r.waits.workerBackends)
          .filter(([state]) => state.startsWith("active: Lock:"))
          .reduce((t, [, n]) => t + n, 0),
      2,
    ),
    duplicates: mine.reduce((t, r) => t + r.duplicates, 0),
    lost: mine.reduce((t, r) => t + r.lost, 0),
  };
});
const faults: FleetRun[] = [];
if (FAULTS) {
  for (const signal of ["SIGKILL", "SIGTERM"] as const) {
    const run = await runFleet(ctx, FAULT_FLEET, { signal, at: FAULT_AT });
    report(`fleet of ${FAULT_FLEET}, ${signal} to one worker at ${FAULT_AT * 100} %`, run);
    faults.push(run);
  }
}

function report(title: string, run: FleetRun) {
  const c = run.cpuSeconds;
  console.log(`
== ${title}
deliveries/s        ${run.deliveriesPerSecond}  (${N} in ${run.secondsFromDueToLastSend} s after the due time${"secondsToLastSendNotHeld" in run ? `; all but the held ones in ${run.secondsToLastSendNotHeld} s` : ""})
engine              every row leased ${run.secondsToLastLease} s after the due time; last send by channel ${Object.entries(
    run.secondsToLastSendByChannel,
  )
    .map(([channel, t]) => `${channel} ${t} s`)
    .join(", ")}
paced senders       ${Object.entries(run.pacedSenders)
    .map(
      ([from, s]) =>
        `${from}: ${s.sent} sent, first ${s.firstSendMs} ms after the due time, ${s.idleMs} ms idle`,
    )
    .join(" | ")}
sent per second     ${Object.entries(run.sentPerSecondByChannel)
    .map(([channel, series]) => `${channel}: ${series}`)
    .join(" | ")}
duplicates / lost   ${run.duplicates} / ${run.lost}  (by channel ${JSON.stringify(run.duplicatesByChannel)}; peer receipts ${run.peerReceipts}; failed ${run.failed}; attempted more than once ${JSON.stringify(run.attemptedMoreThanOnceByChannel)})
CPU seconds         workers ${c.workers.join(" + ")}, PostgreSQL ${c.postgres}, peers and harness ${c.harness}: ${c.coresBusy} of ${os.cpus().length} cores busy (${c.machineCoresBusy} with other work)
per delivery        ${run.perDelivery.statements} statements, ${run.perDelivery.transactions} transactions, ${run.perDelivery.walBytes} WAL bytes; CPU ms workers ${run.cpuMsPerDelivery.workers}, PostgreSQL ${run.cpuMsPerDelivery.postgres}
worker backends     ${Object.entries(run.waits.workerBackends)
    .map(([state, mean]) => `${state} ${mean}`)
    .join(", ")}
lock waits          in ${(run.waits.samplesWithLockWait * 100).toFixed(1)} % of samples; ${run.waits.lockWaitsByStatement.map((s) => `${s.mean} × ${s.statement}`).join(" | ") || "none"}
waiting for         ${run.waits.lockWaitsBlockedBy.map((s) => `${s.mean} × ${s.pair}`).join("\n                    ") || "none"}`);
  if (run.fault) console.log("fault              ", JSON.stringify(run.fault));
}

const summary = {
  settings: {
    reminders: N,
    users: USERS,
    channels: "email, sms, whatsapp in turn",
    fleets: FLEETS,
    rounds: ROUNDS,
    worker: `node ${workerNodeFlags().join(" ")} dist/worker.mjs (npm run worker), defaults: WORKER_CONCURRENCY 20, SMTP_POOL_SIZE 25`,
    peerLatencyMs: 1,
    senderMps: ctx.senderMps,
    sampleMs: SAMPLE_MS,
    warmUpReminders: WARM_UP,
    postgres: Object.fromEntries(settings.rows.map((r) => [r.name, r.setting])),
  },
  bySize,
  runs,
  faults,
  duplicates: [...runs, ...faults].reduce((t, r) => t + r.duplicates, 0),
  lost: [...runs, ...faults].reduce((t, r) => t + r.lost, 0),
  loadAverage: { start: loadAtStart, end: load() },
};
console.log(`\n${JSON.stringify(summary, null, 2)}`);
console.log(
  "\nfleet  deliveries/s (each round)   leased/s  e-mails done  CPU ms per delivery: workers / PostgreSQL   waiting on locks",
);
for (const s of bySize) {
  console.log(
    `${String(s.fleet).padStart(5)}  ${String(s.deliveriesPerSecond).padStart(6)} (${s.deliveriesPerSecondEachRound.join(", ")})`.padEnd(
      32,
    ) +
      `${String(s.leasedPerSecond).padStart(11)}  ${`${s.emailsDoneAfterSeconds} s`.padStart(12)}` +
      `  ${s.cpuMsPerDelivery.workers} / ${s.cpuMsPerDelivery.postgres}`.padEnd(44) +
      `${s.workerBackendsWaitingOnLocks}`,
  );
}
writeResult("fleet", summary);

await fleet.close();
await db.stop();
process.exit(0);
