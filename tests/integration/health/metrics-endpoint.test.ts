import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as metrics } from "@/app/api/metrics/route";
import { pool } from "@/lib/db";
import { env } from "@/lib/env";
import { callRoute } from "../../support/call-route";
import { createContact, createReminder, createSender } from "../../support/delivery-fixtures";
import { ensureJobQueue } from "../../support/job-queue";
import { parseExposition, sampleValue } from "../../support/prometheus-text";

const TOKEN = "metrics-token-for-tests-0123456789abcdef";
const saved = env.METRICS_TOKEN;
afterEach(() => {
  env.METRICS_TOKEN = saved;
});

const scrape = (authorization?: string) =>
  callRoute(metrics, "/api/metrics", { headers: authorization ? { authorization } : {} });

describe("/api/metrics: the token", () => {
  it("is off without METRICS_TOKEN: 404, whatever the request carries", async () => {
    env.METRICS_TOKEN = undefined;
    expect((await scrape()).status).toBe(404);
    expect((await scrape(`Bearer ${TOKEN}`)).status).toBe(404);
  });

  it("answers 401 with a Bearer challenge without the token or with a wrong one", async () => {
    env.METRICS_TOKEN = TOKEN;
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Basic ${TOKEN}`,
      "Bearer",
    ]) {
      const res = await scrape(authorization);
      expect(res.status, String(authorization)).toBe(401);
      expect(res.headers.get("www-authenticate"), String(authorization)).toMatch(/^Bearer realm="metrics"/);
      expect(res.json).toMatchObject({ code: "unauthorized" });
      expect(res.text).not.toContain("metrics-token");
    }
    expect((await scrape(`Bearer ${TOKEN}x`)).headers.get("www-authenticate")).toContain(
      'error="invalid_token"',
    );
  });
});

describe("/api/metrics: the exposition", () => {
  let userId = "";
  let contactId = "";
  let reminderIds: string[] = [];

  beforeAll(async () => {
    await ensureJobQueue();
    const user = await createSender();
    const contact = await createContact(user.id);
    userId = user.id;
    contactId = contact.id;
    reminderIds = [];
    for (let i = 0; i < 20; i++) {
      const reminder = await createReminder(user.id, contact.id, new Date(Date.now() + 86_400_000 + i));
      reminderIds.push(reminder.id);
    }
  });

  let next = 0;
  /** Deliveries with these fields, each for its own reminder and occurrence. */
  async function deliveries(
    count: number,
    values: { status: string; channel: string; createdAgo?: string; sendSeconds?: number[] },
  ) {
    for (let i = 0; i < count; i++) {
      await pool.query(
        `insert into deliveries (reminder_id, workspace_id, contact_id, occurrence_at, channel, status, created_at,
                                 last_attempt_at, sent_at)
         values ($1, $2, $3, now() + $4 * interval '1 second', $5, $6, now() - $7::interval,
                 case when $8::float is null then null else now() - $8 * interval '1 second' end,
                 case when $8::float is null then null else now() end)`,
        [
          reminderIds[next % 20],
          userId,
          contactId,
          next,
          values.channel,
          values.status,
          values.createdAgo ?? "0 seconds",
          values.sendSeconds?.[i] ?? null,
        ],
      );
      next++;
    }
  }

  it("is the 0.0.4 text format, HELP and TYPE for every metric, deliveries counted by status and channel", async () => {
    await deliveries(3, { status: "sent", channel: "email", sendSeconds: [1, 2, 10] });
    await deliveries(2, { status: "failed", channel: "sms" });
    await deliveries(1, { status: "delivered", channel: "whatsapp", sendSeconds: [4] });
    await deliveries(1, { status: "queued", channel: "call" });
    // Within the day, outside the hour of send times.
    await deliveries(1, { status: "sent", channel: "call", createdAgo: "2 hours", sendSeconds: [100] });
    // Outside the 24-hour window: not counted.
    await deliveries(4, { status: "sent", channel: "email", createdAgo: "25 hours" });

    env.METRICS_TOKEN = TOKEN;
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const exposition = parseExposition(res.text);

    const names = new Set(exposition.samples.map((sample) => sample.name));
    for (const name of [
      "remindful_deliveries_last_24h",
      "remindful_delivery_lag_seconds",
      "remindful_reminders_due",
      "remindful_delivery_queue",
      "remindful_jobs_due",
      "remindful_delivery_send_seconds",
      "remindful_webhook_messages_pending",
      "remindful_webhook_messages_due",
      "remindful_webhook_oldest_due_seconds",
      "remindful_workers",
    ]) {
      expect(names, name).toContain(name);
      expect(exposition.types.get(name), name).toBe("gauge");
      expect(exposition.help.get(name)?.length, name).toBeGreaterThan(20);
    }

    const count = (status: string, channel: string) =>
      sampleValue(exposition, "remindful_deliveries_last_24h", { status, channel });
    expect(count("sent", "email")).toBe(3);
    expect(count("failed", "sms")).toBe(2);
    expect(count("delivered", "whatsapp")).toBe(1);
    expect(count("queued", "call")).toBe(1);
    expect(count("sent", "call")).toBe(1);
    // Every status and channel has its series, 0 when none.
    expect(count("held", "email")).toBe(0);
    expect(exposition.samples.filter((s) => s.name === "remindful_deliveries_last_24h")).toHaveLength(24);
    const total = exposition.samples
      .filter((s) => s.name === "remindful_deliveries_last_24h")
      .reduce((sum, s) => sum + s.value, 0);
    expect(total).toBe(8);

    // Send times: from the attempt's start to sent, by channel (1, 2 and 10 s by e-mail: the median
    // is 2 s, the 95th percentile interpolated 90 % of the way from 2 to 10).
    const sendSeconds = (channel: string, quantile: string) =>
      sampleValue(exposition, "remindful_delivery_send_seconds", { channel, quantile });
    expect(sendSeconds("email", "0.5")).toBeCloseTo(2, 1);
    expect(sendSeconds("email", "0.95")).toBeCloseTo(9.2, 1);
    expect(sendSeconds("whatsapp", "0.95")).toBeCloseTo(4, 1);
    expect(sendSeconds("sms", "0.5")).toBeUndefined();
    expect(sendSeconds("call", "0.5")).toBeUndefined();
  });

  it("reports the queue, the lag, the job runner, the webhook backlog and the workers", async () => {
    await pool.query("delete from deliveries");
    const user = await createSender();
    const contact = await createContact(user.id);
    await createReminder(user.id, contact.id, new Date(Date.now() - 90_000));
    await deliveries(2, { status: "queued", channel: "email" });
    await pool.query(`update deliveries set next_attempt_at = now() - interval '5 minutes'`);
    await deliveries(1, { status: "held", channel: "sms" });
    await pool.query(
      `update deliveries set next_attempt_at = now() + interval '8 hours' where status = 'held'`,
    );
    await pool.query(
      `select graphile_worker.add_job('metrics_probe', '{}'::json, run_at := now() - interval '1 minute')`,
    );
    await pool.query(
      `select graphile_worker.add_job('metrics_probe', '{}'::json, run_at := now() + interval '1 hour')`,
    );
    const { rows } = await pool.query<{ id: string }>(
      `insert into webhook_endpoints (id, workspace_id, url, events, secret) values (gen_random_uuid()::text, $1, 'https://hooks.example/in', '{delivery.sent}', 'whsec_test')
       returning id`,
      [user.id],
    );
    await pool.query(
      `insert into webhook_messages (endpoint_id, workspace_id, message_id, event_type, payload, occurred_at, status, next_attempt_at)
       select $1, $2, 'msg_' || n, 'delivery.sent', '{}'::jsonb, now(), $3, now() + $4 * interval '1 minute'
         from generate_series(1, 3) n`,
      [rows[0].id, user.id, "pending", -7],
    );
    // Waiting for a retry (pending, not due), and one already delivered.
    await pool.query(
      `insert into webhook_messages (endpoint_id, workspace_id, message_id, event_type, payload, occurred_at, status, next_attempt_at)
       values ($1, $2, 'msg_retry', 'delivery.sent', '{}', now(), 'pending', now() + interval '1 hour'),
              ($1, $2, 'msg_done', 'delivery.sent', '{}', now(), 'delivered', null)`,
      [rows[0].id, user.id],
    );
    await pool.query(`insert into worker_heartbeats (worker_id, last_seen_at) values
      ('w-fresh', now()), ('w-stale', now() - interval '10 minutes'), ('w-gone', now() - interval '3 days')`);

    env.METRICS_TOKEN = TOKEN;
    const exposition = parseExposition((await scrape(`Bearer ${TOKEN}`)).text);
    const value = (name: string, labels?: Record<string, string>) => sampleValue(exposition, name, labels);
    expect(value("remindful_delivery_queue", { status: "queued", due: "true" })).toBe(2);
    expect(value("remindful_delivery_queue", { status: "held", due: "false" })).toBe(1);
    expect(value("remindful_delivery_queue", { status: "held", due: "true" })).toBe(0);
    expect(value("remindful_reminders_due")).toBe(1);
    // The queued deliveries have waited 5 minutes, longer than the reminder due 90 s ago.
    expect(value("remindful_delivery_lag_seconds")).toBeGreaterThanOrEqual(300);
    expect(value("remindful_delivery_lag_seconds")).toBeLessThan(310);
    expect(value("remindful_jobs_due")).toBe(1);
    expect(value("remindful_webhook_messages_pending")).toBe(4);
    expect(value("remindful_webhook_messages_due")).toBe(3);
    expect(value("remindful_webhook_oldest_due_seconds")).toBeGreaterThanOrEqual(420);
    expect(value("remindful_webhook_oldest_due_seconds")).toBeLessThan(430);
    expect(value("remindful_workers", { state: "fresh" })).toBe(1);
    expect(value("remindful_workers", { state: "stale" })).toBe(1);
  });
});
