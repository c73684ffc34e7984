import { readFileSync } from "node:fs";
import type pg from "pg";
import type { BareSmtpSink } from "@/tests/support/bare-smtp-sink";
import type { TwilioSink } from "@/tests/support/twilio-sink";
import {
  lateness,
  perItem,
  postgresCpuSeconds,
  resetStatements,
  sinkGrace,
  statementCounts,
  topStatements,
  waitUntil,
} from "@/tests/support/bench-kit";
import { countReceipts } from "./fleet-receipts";
import type { SunkMail } from "@/tests/support/smtp-sink";
import type { SunkSms } from "@/tests/support/twilio-sink";
import { startSampler } from "./fleet-sampler";
import { makeDue, seedFleetBurst } from "./fleet-seed";
import { spawnFleetWorker, stopWorker, waitForHeartbeats } from "./fleet-workers";

export interface FleetContext {
  /** The benchmark database, as the harness (application_name `harness`). */
  client: pg.Client;
  /** Another database of the same server: sampling, WAL and CPU readings stay out of the counts. */
  admin: pg.Client;
  database: string;
  harness: string;
  smtp: BareSmtpSink;
  twilio: TwilioSink;
  workerEnv: Record<string, string>;
  /** Each paced sender's messages per second (TWILIO_SMS_MPS and TWILIO_WHATSAPP_MPS). */
  senderMps: number;
  reminders: number;
  users: number;
  sampleMs: number;
  /**
   * Set, the burst's users, contacts and reminders have ids starting with it and the run leaves
   * the database's other rows in place (bench:growth bursts into a large delivery log): only the
   * previous burst's rows are removed, and every count reads the burst's deliveries alone.
   */
  prefix?: string;
  /**
   * Reminders sent through the fresh workers before the burst and not counted: JIT compilation,
   * pools and connections are then warm, as in a worker that has run for a while.
   */
  warmUp?: number;
}

export interface Fault {
  signal: "SIGKILL" | "SIGTERM";
  /** Share of the burst recorded sent when the first worker gets the signal. */
  at: number;
}

/** CPU seconds the whole machine has spent busy (every process, ours and others'), from /proc/stat. */
function machineBusySeconds(): number {
  const [, user, nice, system, , , irq, softirq, steal] = readFileSync("/proc/stat", "utf8")
    .split("\n")[0]
    .trim()
    .split(/\s+/)
    .map(Number);
  return (user + nice + system + irq + softirq + steal) / 100;
}

const seconds = (from: Date, to: Date) => Number(((to.getTime() - from.getTime()) / 1000).toFixed(2));

/**
 * One burst: the tables emptied and seeded again, `size` fresh worker processes, every reminder
 * due at one instant; optionally one worker signalled mid-burst. Measured from the due time to
 * the last outcome: rate, duplicates and losses at the peers, CPU of each process, WAL, statements
 * and the wait states of the workers' backends.
 */
export async function runFleet(ctx: FleetContext, size: number, fault?: Fault) {
  const { client, admin, reminders: N } = ctx;
  // Statements of the harness inside the measured window, taken off the database's counts.
  let harnessStatements = 0;
  const q = <R extends pg.QueryResultRow>(text: string, values?: unknown[]) => {
    harnessStatements++;
    return client.query<R>(text, values);
  };
  const prefix = ctx.prefix ?? "";
  if (prefix) {
    await client.query("delete from workspaces where starts_with(id, $1)", [prefix]);
    await client.query("delete from users where starts_with(id, $1)", [prefix]);
    await client.query("truncate sender_pacing, worker_heartbeats, outbox_messages");
  } else {
    await client.query(
      "truncate users, workspaces, sender_pacing, worker_heartbeats, outbox_messages cascade",
    );
  }
  ctx.smtp.messages.splice(0);
  ctx.twilio.messages.splice(0);
  const warmUp = ctx.warmUp ?? 0;
  await seedFleetBurst(client, { reminders: N, users: ctx.users, prefix, warmUp });

  const workers = Array.from({ length: size }, (_, i) => spawnFleetWorker(ctx.workerEnv, `fleet-w${i + 1}`));
  const names = workers.map((w, i) => ({ name: `fleet-w${i + 1}`, pid: w.pid! }));
  await waitForHeartbeats(client, workers);
  if (warmUp > 0) {
    const from = (await client.query<{ now: Date }>("select now()")).rows[0].now.toISOString();
    await makeDue(client, new Date(), prefix, "w");
    await waitUntil(
      async () =>
        (
          await client.query<{ n: number }>(
            `select count(*)::int as n from deliveries where status in ('sent', 'failed') and created_at >= $1`,
            [from],
          )
        ).rows[0].n >= warmUp,
      5 * 60_000,
      100,
    );
    await sinkGrace();
    ctx.smtp.messages.splice(0);
    ctx.twilio.messages.splice(0);
  }
  const dueAt = new Date(Date.now() + 3_000);
  // The burst's deliveries are the rows created from here on (deliveries_created_idx reads them
  // alone in a large log).
  const since = (await client.query<{ now: Date }>("select now()")).rows[0].now.toISOString();
  const burst = `created_at >= '${since}'::timestamptz`;
  await makeDue(client, dueAt, prefix);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, dueAt.getTime() - Date.now() - 300)));

  await resetStatements(client);
  const statementsBefore = await statementCounts(client);
  const wal = (await admin.query<{ lsn: string }>("select pg_current_wal_lsn()::text as lsn")).rows[0].lsn;
  const postgresBefore = await postgresCpuSeconds(admin);
  const harnessBefore = process.cpuUsage();
  const machineBefore = machineBusySeconds();
  const sampler = startSampler({
    admin,
    database: ctx.database,
    workers: names,
    harness: ctx.harness,
    intervalMs: ctx.sampleMs,
  });
  const settled = async () =>
    (
      await q<{ n: number }>(
        `select count(*)::int as n from deliveries where status in ('sent', 'failed') and ${burst}`,
      )
    ).rows[0].n;

  let faultReport: Awaited<ReturnType<typeof signalWorker>> | undefined;
  if (fault) {
    await waitUntil(async () => (await settled()) >= N * fault.at, 10 * 60_000, 100);
    faultReport = await signalWorker(fault, workers[0], sampler.workerCpuSeconds(workers[0].pid!));
  }
  await waitUntil(async () => (await settled()) >= N, 10 * 60_000, 250);

  const workerCpu = workers.map((w) => sampler.workerCpuSeconds(w.pid!));
  const postgresCpu = (await postgresCpuSeconds(admin)) - postgresBefore;
  const harnessUsage = process.cpuUsage(harnessBefore);
  const harnessCpu = (harnessUsage.user + harnessUsage.system) / 1e6;
  const machineCpu = machineBusySeconds() - machineBefore;
  const walBytes = Number(
    (await admin.query<{ n: string }>("select pg_wal_lsn_diff(pg_current_wal_lsn(), $1)::bigint as n", [wal]))
      .rows[0].n,
  );
  const waits = await sampler.stop(async (oids) => {
    const { rows } = await q<{ oid: number; relname: string }>(
      "select oid::int as oid, relname from pg_class where oid = any($1::oid[])",
      [oids],
    );
    return new Map(rows.map((r) => [r.oid, r.relname]));
  });
  const { rows: span } = await q<{ last: Date; failed: number; ambiguous: number }>(
    `select max(sent_at) as last, count(*) filter (where status = 'failed')::int as failed,
            count(*) filter (where attempt_count > 1)::int as ambiguous from deliveries where ${burst}`,
  );
  const { rows: retried } = await q<{ channel: string; n: number }>(
    `select channel, count(*)::int as n from deliveries where attempt_count > 1 and ${burst} group by channel`,
  );
  const takeover = faultReport ? await takeoverOf(faultReport.held, faultReport.signalAt) : undefined;
  const statementsAfter = await statementCounts(client);
  const cost = perItem(
    statementsBefore,
    {
      transactions: statementsAfter.transactions - harnessStatements,
      statements: statementsAfter.statements === null ? null : statementsAfter.statements - harnessStatements,
    },
    N,
  );
  const top = await topStatements(client, 10);
  // Messages on their way to a peer that the database has not heard of, or duplicates, land now.
  await sinkGrace();
  const receipts = await countReceipts(client, { mail: ctx.smtp.messages, twilio: ctx.twilio.messages }, N, {
    prefix,
    burst,
  });
  const late = await lateness(client, burst);
  // The engine's own pace, apart from the senders' limit: when the last row was leased (its
  // batch's clock), and when each channel's last send went (e-mail waits for no sender's slot).
  const { rows: ends } = await client.query<{ channel: string; last_lease: Date; last_send: Date }>(
    `select channel, max(last_attempt_at) as last_lease, max(sent_at) as last_send
       from deliveries where ${burst} group by 1`,
  );
  const senders = senderUse(ctx.twilio.messages, dueAt, ctx.senderMps);
  const repeatTimes = faultReport ? repeatedMailTimes(ctx.smtp.messages, faultReport.killedAt) : undefined;
  // Sends per second after the due time, by channel: where a fault or a slow part shows.
  const { rows: perSecond } = await client.query<{ s: number; channel: string; n: number }>(
    `select floor(extract(epoch from sent_at - $1::timestamptz))::int as s, channel, count(*)::int as n
       from deliveries where sent_at is not null and ${burst} group by 1, 2 order by 1`,
    [dueAt],
  );
  const timeline: Record<string, number[]> = {};
  for (const row of perSecond) {
    const series = (timeline[row.channel] ??= []);
    while (series.length <= row.s) series.push(0);
    series[row.s] = row.n;
  }
  await Promise.all(workers.map((w) => stopWorker(w)));

  const wall = (span[0].last.getTime() - dueAt.getTime()) / 1000;
  const workersTotal = workerCpu.reduce((a, b) => a + b, 0);
  const perDeliveryMs = (s: number) => Number(((s * 1000) / N).toFixed(3));
  return {
    fleet: size,
    fault:
      fault && faultReport && takeover
        ? { ...fault, ...faultReport.summary, ...takeover.summary, repeatedMail: repeatTimes }
        : null,
    deliveriesPerSecond: Math.round(N / wall),
    secondsFromDueToLastSend: Number(wall.toFixed(2)),
    ...(takeover ? { secondsToLastSendNotHeld: seconds(dueAt, takeover.lastOtherSend) } : {}),
    latenessMs: late,
    secondsToLastLease: seconds(dueAt, new Date(Math.max(...ends.map((e) => e.last_lease.getTime())))),
    secondsToLastSendByChannel: Object.fromEntries(ends.map((e) => [e.channel, seconds(dueAt, e.last_send)])),
    pacedSenders: senders,
    sentPerSecondByChannel: Object.fromEntries(Object.entries(timeline).map(([k, v]) => [k, v.join(" ")])),
    failed: span[0].failed,
    /** Deliveries attempted more than once (taken over, or released and leased again). */
    attemptedMoreThanOnce: span[0].ambiguous,
    attemptedMoreThanOnceByChannel: Object.fromEntries(retried.map((r) => [r.channel, r.n])),
    ...receipts,
    cpuSeconds: {
      workers: workerCpu,
      postgres: Number(postgresCpu.toFixed(2)),
      harness: Number(harnessCpu.toFixed(2)),
      /** Cores kept busy on average from the due time to the last send (this machine has os.cpus()). */
      coresBusy: Number(((workersTotal + postgresCpu + harnessCpu) / wall).toFixed(2)),
      /** The same for every process on the machine: the difference is other work sharing the cores. */
      machineCoresBusy: Number((machineCpu / wall).toFixed(2)),
    },
    cpuMsPerDelivery: {
      workers: perDeliveryMs(workersTotal),
      postgres: perDeliveryMs(postgresCpu),
      harness: perDeliveryMs(harnessCpu),
    },
    perDelivery: { ...cost, walBytes: Math.round(walBytes / N) },
    waits,
    topStatements: top,
  };

  /** Signals `victim`; what it held at that moment (after its death, for SIGKILL), and how it left. */
  async function signalWorker(f: Fault, victim: (typeof workers)[number], cpu: number) {
    const like = `%:${victim.pid}:%`;
    const heldNow = async () =>
      (
        await q<{ id: string }>(
          `select id from deliveries where status = 'sending' and worker_id like $1 and ${burst}`,
          [like],
        )
      ).rows.map((r) => r.id);
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      victim.once("exit", (code, signal) => resolve({ code, signal })),
    );
    const signalAt = (await q<{ t: Date }>("select clock_timestamp() as t")).rows[0].t;
    const sentAtSignal = await settled();
    // SIGTERM: what it holds as the signal leaves (it releases the unsent part at once).
    let held = f.signal === "SIGTERM" ? await heldNow() : [];
    const started = Date.now();
    victim.kill(f.signal);
    const exit = await exited;
    const exitSeconds = Number(((Date.now() - started) / 1000).toFixed(2));
    if (f.signal === "SIGKILL") {
      // A dead client's statement in progress still commits: wait for every write on
      // deliveries to end (a SHARE lock waits for them) before reading what it held.
      harnessStatements += 3;
      await client.query("begin");
      await client.query("lock table deliveries in share mode");
      held = await heldNow();
      await client.query("commit");
    }
    const stillHeld = (await heldNow()).length;
    return {
      held,
      signalAt,
      killedAt: started,
      summary: {
        victimPid: victim.pid,
        victimCpuSecondsBeforeSignal: cpu,
        settledAtSignal: sentAtSignal,
        victimExit: { ...exit, seconds: exitSeconds },
        heldAtSignal: held.length,
        /** Rows still leased to the dead or stopped worker once it was gone (taken over when their lease runs out). */
        heldAfterExit: stillHeld,
      },
    };
  }

  /** When the rows the victim held were leased again and sent, from the signal (database clock). */
  async function takeoverOf(held: string[], signalAt: Date) {
    const { rows } = await q<{ last_attempt_at: Date; sent_at: Date | null; attempt_count: number }>(
      "select last_attempt_at, sent_at, attempt_count from deliveries where id = any($1::bigint[])",
      [held],
    );
    const { rows: other } = await q<{ last: Date }>(
      `select max(sent_at) as last from deliveries where not (id = any($1::bigint[])) and ${burst}`,
      [held],
    );
    const taken = rows.filter((r) => r.last_attempt_at > signalAt);
    const firstRelease = taken.length
      ? new Date(Math.min(...taken.map((r) => r.last_attempt_at.getTime())))
      : null;
    const lastSend = rows.length ? new Date(Math.max(...rows.map((r) => r.sent_at?.getTime() ?? 0))) : null;
    return {
      summary: {
        heldTakenOver: taken.length,
        heldSentByVictim: rows.length - taken.length,
        takeoverStartedAfterSeconds: firstRelease ? seconds(signalAt, firstRelease) : null,
        allHeldSentAfterSeconds: lastSend ? seconds(signalAt, lastSend) : null,
      },
      lastOtherSend: other[0].last,
    };
  }
}

export type FleetRun = Awaited<ReturnType<typeof runFleet>>;

/**
 * Each paced sender's use of its slots, as the Twilio peer saw it: its first send after the due
 * time, and its idle time (the span from first to last send beyond what `mps` allows). A burst
 * that ends at the senders' limit shows here: the rate can then only tie.
 */
function senderUse(messages: SunkSms[], dueAt: Date, mps: number) {
  const bySender = new Map<string, number[]>();
  for (const m of messages) {
    const times = bySender.get(m.from) ?? [];
    times.push(m.createdAt.getTime());
    bySender.set(m.from, times);
  }
  return Object.fromEntries(
    [...bySender].map(([from, times]) => {
      const first = Math.min(...times);
      const span = Math.max(...times) - first;
      return [
        from,
        {
          sent: times.length,
          firstSendMs: first - dueAt.getTime(),
          idleMs: Math.round(span - ((times.length - 1) * 1000) / mps),
        },
      ];
    }),
  );
}

/**
 * For the e-mails that reached the peer twice: how long before the signal the peer took the
 * first copy (ms, sorted; negative: after it). What a dead worker left unrecorded shows here:
 * copies taken within a millisecond or two were on the wire, older ones waited to be recorded.
 */
function repeatedMailTimes(messages: SunkMail[], killedAt: number) {
  const first = new Map<string, number>();
  const repeated = new Set<string>();
  for (const m of messages) {
    const to = m.to[0];
    if (first.has(to)) repeated.add(to);
    else first.set(to, m.receivedAt ?? Number.NaN);
  }
  return [...repeated].map((to) => killedAt - first.get(to)!).sort((a, b) => a - b);
}
