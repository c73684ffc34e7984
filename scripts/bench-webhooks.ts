/**
 * npm run bench:webhooks -- [--events 3000] [--slow-events 1000] [--reminders 10000] [--users 200]
 *   [--concurrency 20] [--retries 5] [--out file]
 * One `npm run worker` process (production mode, WEBHOOK_ALLOW_PRIVATE_URLS=true for the loopback
 * receivers) on a fresh database:
 * 1. fan-out: `--events` messages to 10 endpoints on a receiver answering in 1 ms, then
 *    `--slow-events` to one answering in 100 ms; events per second from the first attempt to the
 *    last delivery (the dispatch task, queued as an event queues it);
 * 2. the delivery engine: `--reminders` e-mail reminders due at one instant, four times (the same
 *    database emptied in between): without webhook endpoints, with every user subscribed to
 *    delivery.sent on the 1 ms receiver, and both again; deliveries per second from the due time
 *    to the last send (the means of each pair compared), and when the webhooks were all delivered;
 * 3. retries: `--retries` events, one at a time, to a receiver that fails each message's first
 *    attempt (500): the seconds from that answer to the retry's arrival (schedule: 5 s plus up to
 *    10 %).
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { startBareSmtpSink } from "@/tests/support/bare-smtp-sink";
import {
  benchDatabase,
  numberFlag,
  seedDue,
  seedOwnWorkspaces,
  spawnWorker,
  waitUntil,
  writeResult,
} from "@/tests/support/bench-kit";
import { startWebhookReceiver, type WebhookReceiver } from "@/tests/support/webhook-receiver";

const EVENTS = numberFlag("events", 3_000);
const SLOW_EVENTS = numberFlag("slow-events", 1_000);
const N = numberFlag("reminders", 10_000);
const USERS = numberFlag("users", 200);
const C = numberFlag("concurrency", 20);
const RETRIES = numberFlag("retries", 5);

const db = await benchDatabase("bench_webhooks");
const smtp = await startBareSmtpSink({ latencyMs: 1 });
const fast = await startWebhookReceiver();
fast.answer = () => ({ status: 200, delayMs: 1 });
const slow = await startWebhookReceiver();
slow.answer = () => ({ status: 200, delayMs: 100 });
const client = new pg.Client({ connectionString: db.url });
await client.connect();
console.log(`bench:webhooks  events=${EVENTS} slow-events=${SLOW_EVENTS} reminders=${N} users=${USERS}`);

const worker = spawnWorker({
  DATABASE_URL: db.url,
  SMTP_URL: smtp.url,
  WORKER_CONCURRENCY: String(C),
  WEBHOOK_ALLOW_PRIVATE_URLS: "true",
});
await waitUntil(
  async () => (await client.query("select count(*)::int as n from worker_heartbeats")).rows[0].n >= 1,
  60_000,
);

const secret = () => `whsec_${randomBytes(32).toString("base64")}`;

/** An endpoint on `receiver` for each of these workspaces, subscribed to delivery.sent. */
async function endpoints(receiver: WebhookReceiver, workspaceIds: string[]) {
  for (const workspaceId of workspaceIds) {
    await client.query(
      `insert into webhook_endpoints (id, workspace_id, url, events, secret) values ($1, $2, $3, '{delivery.sent}', $4)`,
      [crypto.randomUUID(), workspaceId, `${receiver.url}/hook`, secret()],
    );
  }
}

async function users(prefix: string, count: number) {
  const ids = Array.from({ length: count }, (_, i) => `${prefix}${i + 1}`);
  await client.query(
    `insert into users (id, email, timezone) select id, id || '@bench.example', 'UTC' from unnest($1::text[]) id`,
    [ids],
  );
  await seedOwnWorkspaces(client, { userIds: ids }, { planType: "business", remindersQuota: 100_000_000 });
  return ids;
}

const delivered = async () =>
  (await client.query("select count(*)::int as n from webhook_messages where status = 'delivered'")).rows[0]
    .n as number;

/** `count` events for `userIds` (round robin), written as emitWebhookEvents writes them, then one dispatch job. */
async function fanOut(receiver: WebhookReceiver, userIds: string[], count: number) {
  const before = await delivered();
  const received = receiver.received.length;
  await client.query(
    `insert into webhook_messages (endpoint_id, workspace_id, message_id, event_type, payload, occurred_at, status, next_attempt_at)
     select w.id, w.workspace_id, 'msg_' || replace(gen_random_uuid()::text, '-', ''), 'delivery.sent',
            jsonb_build_object('type', 'delivery.sent', 'timestamp', now(), 'data', jsonb_build_object('deliveryId', i::text)),
            now(), 'pending', now()
       from generate_series(1, $1) i
       join webhook_endpoints w on w.workspace_id = ($2::text[])[1 + i % array_length($2::text[], 1)]`,
    [count, userIds],
  );
  const start = Date.now();
  await client.query(
    `select graphile_worker.add_job('webhook_dispatch', '{}'::json, job_key := 'webhook-dispatch')`,
  );
  await waitUntil(async () => (await delivered()) - before >= count, 10 * 60_000, 50);
  const seconds = (Date.now() - start) / 1000;
  const got = receiver.received.length - received;
  return {
    events: count,
    seconds: Number(seconds.toFixed(2)),
    perSecond: Math.round(count / seconds),
    requests: got,
  };
}

const fanFast = await fanOut(
  fast,
  await users("f", 10).then(async (ids) => (await endpoints(fast, ids), ids)),
  EVENTS,
);
console.log("fan-out, 1 ms receiver:", fanFast);
const fanSlow = await fanOut(
  slow,
  await users("s", 1).then(async (ids) => (await endpoints(slow, ids), ids)),
  SLOW_EVENTS,
);
console.log("fan-out, 100 ms receiver:", fanSlow);

/** Seconds from a message's failed first attempt (answered 500) to its retry, one event at a time. */
async function retryDelays(count: number) {
  const flaky = await startWebhookReceiver();
  const answeredAt = new Map<string, number>();
  const gaps: number[] = [];
  flaky.answer = (request) => {
    const id = String(request.headers["webhook-id"]);
    const first = answeredAt.get(id);
    if (first === undefined) answeredAt.set(id, Date.now());
    else gaps.push((Date.now() - first) / 1000);
    return { status: first === undefined ? 500 : 200 };
  };
  const ids = await users("r", 1);
  await endpoints(flaky, ids);
  for (let i = 0; i < count; i++) {
    await client.query(
      `insert into webhook_messages (endpoint_id, workspace_id, message_id, event_type, payload, occurred_at, status, next_attempt_at)
       select w.id, w.workspace_id, 'msg_' || replace(gen_random_uuid()::text, '-', ''), 'delivery.sent',
              jsonb_build_object('type', 'delivery.sent', 'timestamp', now(), 'data', jsonb_build_object('deliveryId', $2::text)),
              now(), 'pending', now()
         from webhook_endpoints w where w.workspace_id = $1`,
      [ids[0], String(i)],
    );
    await client.query(
      `select graphile_worker.add_job('webhook_dispatch', '{}'::json, job_key := 'webhook-dispatch')`,
    );
    await waitUntil(async () => gaps.length > i, 60_000, 20);
  }
  await flaky.close();
  const sorted = [...gaps].sort((a, b) => a - b);
  return {
    retries: count,
    secondsMin: Number(sorted[0].toFixed(2)),
    secondsMedian: Number(sorted[Math.floor(sorted.length / 2)].toFixed(2)),
    secondsMax: Number(sorted[sorted.length - 1].toFixed(2)),
  };
}

const retries = await retryDelays(RETRIES);
console.log("first retry after a 500:", retries);

/** The engine's burst: N reminders due at once; deliveries per second from the due time to the last send. */
async function engineRun(withEndpoints: boolean) {
  await client.query("truncate users, workspaces cascade");
  const dueAt = new Date(Date.now() + 10_000 + N / 10);
  await seedDue(client, { reminders: N, users: USERS, dueAt });
  if (withEndpoints) {
    const { rows } = await client.query<{ id: string }>("select id from workspaces order by id");
    await endpoints(
      fast,
      rows.map((r) => r.id),
    );
  }
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, dueAt.getTime() - Date.now())));
  await waitUntil(
    async () =>
      (await client.query("select count(*)::int as n from deliveries where status in ('sent', 'failed')"))
        .rows[0].n >= N,
    15 * 60_000,
    250,
  );
  const { rows } = await client.query<{ last: Date }>("select max(sent_at) as last from deliveries");
  const seconds = (rows[0].last.getTime() - dueAt.getTime()) / 1000;
  let webhooks: Record<string, number> | null = null;
  if (withEndpoints) {
    await waitUntil(async () => (await delivered()) >= N, 10 * 60_000, 100);
    const { rows: done } = await client.query<{ last: Date }>(
      "select max(last_attempt_at) as last from webhook_messages where status = 'delivered'",
    );
    webhooks = {
      delivered: N,
      allDeliveredAfterDueSeconds: Number(((done[0].last.getTime() - dueAt.getTime()) / 1000).toFixed(2)),
    };
  }
  return { reminders: N, seconds: Number(seconds.toFixed(2)), perSecond: Math.round(N / seconds), webhooks };
}

// Alternating runs (without, with, without, with), compared by their means: on a shared machine
// the load moves during a run, and one side measured at a quiet moment would skew the ratio.
const runs: ({ withEndpoints: boolean } & Awaited<ReturnType<typeof engineRun>>)[] = [];
for (const withEndpoints of [false, true, false, true]) {
  const run = await engineRun(withEndpoints);
  console.log(`engine ${withEndpoints ? "with" : "without"} endpoints:`, run);
  runs.push({ withEndpoints, ...run });
}
const mean = (flag: boolean) => {
  const rates = runs.filter((r) => r.withEndpoints === flag).map((r) => r.perSecond);
  return Math.round(rates.reduce((a, b) => a + b, 0) / rates.length);
};
const without = mean(false);
const withHooks = mean(true);
const change = Number((((withHooks - without) / without) * 100).toFixed(1));

worker.kill("SIGTERM");
await new Promise((resolve) => worker.once("exit", resolve));
const summary = {
  settings: {
    events: EVENTS,
    slowEvents: SLOW_EVENTS,
    reminders: N,
    users: USERS,
    concurrency: C,
    retries: RETRIES,
  },
  fanOut: { receiver1ms: fanFast, receiver100ms: fanSlow },
  retries,
  engine: {
    runs,
    meanPerSecondWithout: without,
    meanPerSecondWith: withHooks,
    throughputChangePercent: change,
  },
};
console.log(JSON.stringify(summary, null, 2));
writeResult("webhooks", summary);
await client.end();
await Promise.all([fast.close(), slow.close(), smtp.close()]);
await db.stop();
process.exit(0);
