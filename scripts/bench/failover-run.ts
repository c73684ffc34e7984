import type { ChildProcess } from "node:child_process";
import type { HaCluster } from "@/scripts/ha/cluster";
import { sinkGrace, waitUntil } from "@/tests/support/bench-kit";
import type { BareSmtpSink } from "@/tests/support/bare-smtp-sink";
import type { TwilioSink } from "@/tests/support/twilio-sink";
import { probePrimary, type ResilientPool } from "./failover-harness";
import { summarizeWebAnswers, type WebAnswer } from "./failover-web-load";
import { countReceipts } from "./fleet-receipts";
import { makeDue, seedFleetBurst } from "./fleet-seed";

export interface FailoverContext {
  cluster: HaCluster;
  /** The harness's connections (the superuser through HAProxy's primary port), outliving a failover. */
  harness: ResilientPool;
  smtp: BareSmtpSink;
  twilio: TwilioSink;
  /** Engine processes, started once and never restarted. */
  workers: ChildProcess[];
  /** The web process and what its load has been answered so far, when one runs. */
  web?: { server: ChildProcess; answers: WebAnswer[] };
  reminders: number;
  users: number;
}

/**
 * `kill`: SIGKILL of the primary's postmaster, Patroni promotes the standby. `switchover`: a planned
 * `patronictl switchover`. `outage`: Patroni paused, the primary killed, no primary at all for
 * `outageSeconds`, then Patroni resumed (and fails over).
 */
export type Fault = "kill" | "switchover" | "outage";

const seconds = (ms: number) => Number((ms / 1000).toFixed(2));
const alive = (p: ChildProcess) => p.exitCode === null && p.signalCode === null;

/**
 * One burst of `reminders` over the three channels, due at one instant, with the primary lost
 * once `at` of it is recorded: its postmaster SIGKILLed (Patroni promotes the standby) or a
 * planned `patronictl switchover`. Measured from the fault: how long the app (through PgBouncer)
 * had no primary, until Patroni named a new leader, until deliveries leased after the fault were
 * recorded sent; the rate before and after; duplicates and losses at the peers; the web's answers;
 * whether every process carried on by itself.
 */
export async function runFailoverBurst(
  ctx: FailoverContext,
  fault: Fault,
  options: { at: number; prefix: string; outageSeconds?: number },
) {
  const { harness: h, reminders: N, prefix } = { ...ctx, ...options };
  const before = await ctx.cluster.waitHealthy();
  ctx.smtp.messages.splice(0);
  ctx.twilio.messages.splice(0);
  await seedFleetBurst(h, { reminders: N, users: ctx.users, prefix });
  const since = (await h.query<{ now: Date }>("select now()")).rows[0].now.toISOString();
  const burst = `created_at >= '${since}'::timestamptz and starts_with(reminder_id, '${prefix}')`;
  const count = async (where: string) =>
    (await h.query<{ n: number }>(`select count(*)::int as n from deliveries where ${burst} and ${where}`))
      .rows[0].n;
  const settled = () => count("status in ('sent', 'failed')");
  // Paused ahead of the burst (it takes a moment): the kill then lands where the others do.
  if (fault === "outage") await ctx.cluster.pause();
  const dueAt = new Date(Date.now() + 2_000);
  await makeDue(h, dueAt, prefix);

  const probe = probePrimary(ctx.cluster.url);
  await waitUntil(async () => (await settled()) >= N * options.at, 5 * 60_000, 50);
  // Leased and not yet recorded just before the fault: the sends that could be in flight.
  const inFlight = await count("status = 'sending'");
  const settledAtFault = await settled();
  const faultAt = Date.now();
  const detail =
    fault === "switchover"
      ? await ctx.cluster.switchover()
      : await ctx.cluster.killPrimary().then(({ node, pid }) => ({ from: node.name, postmasterPid: pid }));
  if (fault === "outage") {
    const left = (options.outageSeconds ?? 15) * 1000 - (Date.now() - faultAt);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, left)));
    await ctx.cluster.resume();
  }
  const leaderAt = await waitUntil(
    async () =>
      (await ctx.cluster.members()).some(
        (m) => m.role === "leader" && m.state === "running" && m.name !== before.name,
      ),
    120_000,
    100,
  ).then(() => Date.now());
  // The probe runs on until a primary has answered for a while after the new leader.
  const outage = await probe.outage(faultAt, leaderAt + 2_000);
  const probeFailures = probe.failures(faultAt);
  await probe.stop();

  await waitUntil(async () => (await settled()) >= N, 5 * 60_000, 250);
  const doneAt = Date.now();
  await sinkGrace();
  const receipts = await countReceipts(h, { mail: ctx.smtp.messages, twilio: ctx.twilio.messages }, N, {
    prefix,
    burst,
  });
  const { rows: span } = await h.query<{
    resumed: Date | null;
    last: Date;
    before: number;
    after: number;
    retried: number;
    failed: number;
    leased_after: number;
  }>(
    `with b as (select * from deliveries where ${burst})
     select (select min(sent_at) from b where last_attempt_at > $1) as resumed, max(sent_at) as last,
            count(*) filter (where sent_at < $1)::int as before,
            count(*) filter (where sent_at >= (select min(sent_at) from b where last_attempt_at > $1))::int as after,
            count(*) filter (where attempt_count > 1)::int as retried,
            count(*) filter (where status = 'failed')::int as failed,
            count(*) filter (where last_attempt_at > $1)::int as leased_after
       from b`,
    [new Date(faultAt)],
  );
  const s = span[0];
  const resumedAt = s.resumed?.getTime() ?? doneAt;
  const { rows: perSecond } = await h.query<{ s: number; n: number }>(
    `select floor(extract(epoch from sent_at - $1::timestamptz))::int as s, count(*)::int as n
       from deliveries where sent_at is not null and ${burst} group by 1 order by 1`,
    [dueAt],
  );
  const timeline: number[] = [];
  for (const row of perSecond) {
    while (timeline.length <= row.s) timeline.push(0);
    timeline[row.s] = row.n;
  }
  // Each worker writes a heartbeat after the primary came back: the same process reconnected by itself.
  const backAt = new Date(faultAt + outage.endedAfterSeconds * 1000);
  const reconnectedWorkers = async () => {
    const { rows } = await h.query<{ worker_id: string }>(
      "select worker_id from worker_heartbeats where last_seen_at > $1",
      [backAt],
    );
    return ctx.workers.filter((w) => rows.some((b) => b.worker_id.includes(`:${w.pid}:`))).length;
  };
  await waitUntil(async () => (await reconnectedWorkers()) === ctx.workers.length, 15_000).catch(() => {});
  const reconnected = await reconnectedWorkers();
  const processes = [...ctx.workers, ...(ctx.web ? [ctx.web.server] : [])];
  return {
    fault,
    ...detail,
    settledAtFault,
    inFlightAtFault: inFlight,
    /** The longest time the app, through PgBouncer, had no primary answering (and when it ended). */
    noPrimarySeconds: outage.seconds,
    primaryBackAfterSeconds: outage.endedAfterSeconds,
    newLeaderSeconds: seconds(leaderAt - faultAt),
    /** Deliveries leased after the fault (by a process that reconnected), and when the first was sent. */
    leasedAfterFault: s.leased_after,
    deliveriesResumedSeconds: seconds(resumedAt - faultAt),
    deliveriesPerSecondBefore: Math.round(s.before / ((faultAt - dueAt.getTime()) / 1000)),
    // Over at least a second of sends leased after the fault; null when the burst ended sooner.
    deliveriesPerSecondAfter:
      s.last.getTime() - resumedAt >= 1_000
        ? Math.round(s.after / ((s.last.getTime() - resumedAt) / 1000))
        : null,
    burstSeconds: seconds(s.last.getTime() - dueAt.getTime()),
    sentPerSecond: timeline.join(" "),
    duplicates: receipts.duplicates,
    lost: receipts.lost,
    receipts,
    attemptedMoreThanOnce: s.retried,
    failed: s.failed,
    probeErrors: [...new Set(probeFailures)].slice(0, 5),
    web: ctx.web ? summarizeWebAnswers(ctx.web.answers, faultAt, doneAt) : null,
    processesAlive: processes.filter(alive).length,
    processes: processes.length,
    workersReconnected: reconnected,
    /** Processes that died or stopped delivering: each would have needed a restart. */
    restartsNeeded: processes.filter((p) => !alive(p)).length + (ctx.workers.length - reconnected),
  };
}

export type FailoverRun = Awaited<ReturnType<typeof runFailoverBurst>>;
