import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { runMigrations } from "@/lib/db/migrate";
import { startHaCluster, type HaCluster } from "@/scripts/ha/cluster";
import { APP_DATABASE } from "@/scripts/ha/cluster-config";
import { resilientPool, type ResilientPool } from "@/scripts/bench/failover-harness";
import { runFailoverBurst, type FailoverContext, type FailoverRun } from "@/scripts/bench/failover-run";
import { clusterDatabaseEnv, failoverWebUser, startClusterWeb } from "@/scripts/bench/failover-web";
import { startWebLoad } from "@/scripts/bench/failover-web-load";
import { spawnFleetWorker, stopWorker, waitForHeartbeats } from "@/scripts/bench/fleet-workers";
import { stopNextServer } from "@/scripts/bench/next-server";
import { startSmtpSink } from "@/tests/support/smtp-sink";
import { startTwilioSink, twilioSinkEnv } from "@/tests/support/twilio-sink";
import { ensureProductionBuild } from "./production-build";

// A Patroni cluster from Debian's packages (scripts/ha/cluster.ts), two `npm run worker`
// processes and `npm start` (WORKER_MODE=external) through PgBouncer, as bench:failover runs them,
// with a short burst: slow peers (300 ms) and one batch at a time per worker keep it going long
// enough for the fault to land inside it.
const N = 800;
const dir = mkdtempSync(path.join(os.tmpdir(), "remindful-failover-faults-"));
const cleanups: Array<() => Promise<unknown>> = [];
let ctx: FailoverContext;

beforeAll(async () => {
  ensureProductionBuild();
  const cluster: HaCluster = await startHaCluster();
  cleanups.push(() => cluster.stop());
  await runMigrations(cluster.sessionUrl);
  const harness: ResilientPool = resilientPool(cluster.adminUrl(APP_DATABASE));
  cleanups.push(() => harness.end());
  const smtp = await startSmtpSink({ latencyMs: 300 });
  const twilio = await startTwilioSink({ latencyMs: 300 });
  cleanups.push(
    () => smtp.close(),
    () => twilio.close(),
  );
  const web = await startClusterWeb(cluster, dir, { replica: true });
  cleanups.push(() => stopNextServer(web.server));
  const env = {
    ...clusterDatabaseEnv(cluster, { replica: true }),
    SMTP_URL: smtp.url,
    ...twilioSinkEnv(twilio, 1000),
    TWILIO_WHATSAPP_MPS: "1000",
    WORKER_PARALLEL: "1",
    LOG_LEVEL: "error",
  };
  const workers = [spawnFleetWorker(env, "faults-w1"), spawnFleetWorker(env, "faults-w2")];
  cleanups.push(() => Promise.all(workers.map((w) => stopWorker(w))));
  await waitForHeartbeats(harness, workers);
  const user = await failoverWebUser(harness);
  const load = startWebLoad(web.base, user.targets, { cookie: user.cookie, concurrency: 2, pauseMs: 50 });
  cleanups.push(() => load.stop());
  ctx = {
    cluster,
    harness,
    smtp,
    twilio,
    workers,
    web: { server: web.server, answers: load.answers },
    reminders: N,
    users: 20,
  };
}, 900_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  rmSync(dir, { recursive: true, force: true });
}, 120_000);

function expectCarriedOn(run: FailoverRun) {
  const { receipts: _receipts, web, ...figures } = run;
  console.log(`${JSON.stringify(figures)}\nweb: ${JSON.stringify({ ...web, byTarget: undefined })}`);
  expect(run.settledAtFault, "the fault landed inside the burst").toBeLessThan(N);
  expect(run.leasedAfterFault, "deliveries were leased again after the fault").toBeGreaterThan(0);
  expect(run.lost).toBe(0);
  expect(run.receipts.occurrencesWithTwoRows).toBe(0);
  expect(run.receipts.notRecordedSent).toBe(0);
  // A repeat is only possible for a send that was in flight when the primary went.
  expect(run.duplicates).toBeLessThanOrEqual(run.inFlightAtFault);
  expect(run.web!.requests, "the web process was asked throughout").toBeGreaterThan(0);
  expect(run.web!.otherServerErrors).toBe(0);
  expect(run.web!.noAnswer).toBe(0);
  expect(run.processesAlive).toBe(run.processes);
  expect(run.workersReconnected).toBe(ctx.workers.length);
  expect(run.restartsNeeded).toBe(0);
}

it("the primary's postmaster SIGKILLed mid-burst: Patroni promotes the standby, every process reconnects by itself, nothing is lost", async () => {
  expectCarriedOn(await runFailoverBurst(ctx, "kill", { at: 0.25, prefix: "kill-" }));
});

it("no primary at all for 15 s (Patroni paused): the web answers 503 database_unavailable, and everything recovers by itself", async () => {
  const run = await runFailoverBurst(ctx, "outage", { at: 0.25, prefix: "outage-", outageSeconds: 15 });
  expectCarriedOn(run);
  expect(run.noPrimarySeconds).toBeGreaterThanOrEqual(15);
  expect(run.web!.unavailable503).toBeGreaterThan(0);
  const { health: _health, ...apiCodes } = run.web!.unavailableCodes;
  expect(Object.values(apiCodes).flat().length).toBeGreaterThan(0);
  expect(new Set(Object.values(apiCodes).flat())).toEqual(new Set(["database_unavailable"]));
  // Answered again after the outage, by the same process.
  const after = ctx.web!.answers.slice(-8);
  expect(after.every((a) => a.status >= 200 && a.status < 300)).toBe(true);
});
