import "server-only";
import { DELIVERY_METHODS, DELIVERY_STATUSES } from "@/db/schema/enums";
import { pool } from "@/lib/db";
import { jobQueueReady } from "@/lib/jobs/job-queue-ready";
import { authorizeMetrics } from "./authorize-metrics";
import { readDeliveryLag } from "./delivery-lag";
import { formatExposition, type MetricFamily } from "./exposition";
import {
  DELIVERIES_LAST_DAY,
  DELIVERY_QUEUE,
  JOBS_DUE,
  REMINDERS_DUE,
  SEND_SECONDS,
  WEBHOOK_BACKLOG,
} from "./metric-statements";
import { readWorkerHeartbeats } from "./worker-heartbeats";

const WAITING_STATUSES = ["queued", "held"] as const;

/**
 * GET /api/metrics: the delivery system's state in Prometheus's text format, for the token's
 * holder (authorizeMetrics). Every figure is the database's, the same whichever process answers.
 * Gauges only: each is read from the database as it is now or over a recent window, so none
 * counts up from a process start as a counter would (docs/deployment.md, "Monitoring").
 */
export async function readMetrics(authorization: string | null): Promise<string> {
  authorizeMetrics(authorization);
  const client = await pool.connect();
  try {
    const byStatus = await DELIVERIES_LAST_DAY.run(client, {});
    const send = await SEND_SECONDS.run(client, {});
    const queue = await DELIVERY_QUEUE.run(client, {});
    const remindersDue = await REMINDERS_DUE.run(client, {});
    const webhooks = (await WEBHOOK_BACKLOG.run(client, {})).rows[0];
    // graphile-worker creates its schema when an engine first starts.
    const jobsDue = (await jobQueueReady(client)) ? (await JOBS_DUE.run(client, {})).rows[0].n : 0;
    const lag = await readDeliveryLag(client);
    const heartbeats = await readWorkerHeartbeats(client);

    const counted = new Map(byStatus.rows.map((row) => [`${row.status}/${row.channel}`, row.n]));
    const waiting = new Map(queue.rows.map((row) => [`${row.status}/${row.due}`, row.n]));
    const fresh = heartbeats.workers.filter((worker) => worker.state === "fresh").length;
    const families: MetricFamily[] = [
      {
        name: "remindful_deliveries_last_24h",
        type: "gauge",
        help:
          "Deliveries created in the last 24 hours, by their status now and channel. A window, not a " +
          "counter: read through the index on created_at, a scrape costs the last day's rows however " +
          "large the table grows.",
        samples: DELIVERY_STATUSES.flatMap((status) =>
          DELIVERY_METHODS.map((channel) => ({
            labels: { status, channel },
            value: counted.get(`${status}/${channel}`) ?? 0,
          })),
        ),
      },
      {
        name: "remindful_delivery_lag_seconds",
        type: "gauge",
        help:
          "Age of the oldest due work not yet sent: a due reminder not yet taken on, a queued or held " +
          "delivery past its next attempt time, or one whose worker's lease ran out; 0 when none. A " +
          "delivery held for quiet hours counts only from the end of its hold.",
        samples: [{ value: lag.seconds }],
      },
      {
        name: "remindful_reminders_due",
        type: "gauge",
        help: "Reminders due that no worker has turned into a delivery yet.",
        samples: [{ value: remindersDue.rows[0].n }],
      },
      {
        name: "remindful_delivery_queue",
        type: "gauge",
        help:
          "Deliveries waiting, by status (queued: for a retry or a sender's pace; held: for the end of " +
          'quiet hours) and whether their time has come (due="true": waiting for a worker).',
        samples: WAITING_STATUSES.flatMap((status) =>
          [true, false].map((due) => ({
            labels: { status, due: String(due) },
            value: waiting.get(`${status}/${due}`) ?? 0,
          })),
        ),
      },
      {
        name: "remindful_jobs_due",
        type: "gauge",
        help: "Job runner (graphile-worker) jobs whose run time has come and that no process has taken.",
        samples: [{ value: jobsDue }],
      },
      {
        name: "remindful_delivery_send_seconds",
        type: "gauge",
        help:
          "Median and 95th percentile, by channel, of the time from a worker taking a delivery (its " +
          "successful attempt) to sent being recorded, over the deliveries created in the last hour and " +
          "sent: the provider's answer plus any wait for the sender's pace. The engine does not time " +
          "provider calls on their own. No sample for a channel without such deliveries.",
        samples: send.rows.flatMap((row) => [
          { labels: { channel: row.channel, quantile: "0.5" }, value: row.p50 },
          { labels: { channel: row.channel, quantile: "0.95" }, value: row.p95 },
        ]),
      },
      {
        name: "remindful_webhook_messages_pending",
        type: "gauge",
        help: "Outgoing webhook messages not yet delivered and not given up on (waiting for a first try or a retry).",
        samples: [{ value: webhooks.pending }],
      },
      {
        name: "remindful_webhook_messages_due",
        type: "gauge",
        help: "Pending webhook messages whose attempt time has passed: waiting for the job runner.",
        samples: [{ value: webhooks.due }],
      },
      {
        name: "remindful_webhook_oldest_due_seconds",
        type: "gauge",
        help:
          "How long the oldest due webhook message has waited past its attempt time; 0 when none. " +
          "Messages waiting for a retry of a failing endpoint are pending, not due.",
        samples: [{ value: Math.max(0, Math.round(webhooks.oldest_due_age ?? 0)) }],
      },
      {
        name: "remindful_workers",
        type: "gauge",
        help:
          "Delivery workers by heartbeat: fresh (one within a lease, 30 s) or stale (silent longer, " +
          "seen within the last day).",
        samples: [
          { labels: { state: "fresh" }, value: fresh },
          { labels: { state: "stale" }, value: heartbeats.workers.length - fresh },
        ],
      },
    ];
    return formatExposition(families);
  } finally {
    client.release();
  }
}
