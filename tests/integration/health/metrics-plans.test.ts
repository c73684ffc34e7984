import { beforeAll, describe, expect, it } from "vitest";
import { pool } from "@/lib/db";
import { DELIVERY_LAG } from "@/lib/health/delivery-lag";
import {
  DELIVERIES_LAST_DAY,
  DELIVERY_QUEUE,
  REMINDERS_DUE,
  SEND_SECONDS,
  WEBHOOK_BACKLOG,
} from "@/lib/health/metric-statements";
import { seedOwnWorkspaces } from "../../support/bench-kit";
import { asPartitionedPlan, planNodes, type PlanNode } from "../../support/query-plan";

async function planOf(statement: { text: string }): Promise<PlanNode[]> {
  const { rows } = await pool.query<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(
    `explain (format json) ${statement.text}`,
  );
  return asPartitionedPlan(pool, planNodes(rows[0]["QUERY PLAN"][0].Plan));
}

/** The tables each plan reads by sequential scan, and the indexes it uses. */
function reads(plan: PlanNode[]) {
  return {
    seqScans: plan.filter((n) => n["Node Type"] === "Seq Scan").map((n) => n["Relation Name"]),
    indexes: plan.map((n) => n["Index Name"]).filter(Boolean),
  };
}

/**
 * A month of history (30,000 deliveries, 2,000 reminders, 5,000 webhook messages) with a little
 * waiting work, planner statistics taken: /api/health and /api/metrics read through their
 * indexes, not the tables, so a poll costs the same as the history grows.
 */
describe("the health and metrics reads use their indexes", () => {
  beforeAll(async () => {
    await pool.query(
      `insert into users (id, email, sender_name)
       select 'u' || i, 'u' || i || '@plans.example', 'S' from generate_series(1, 50) i`,
    );
    await seedOwnWorkspaces(pool, { prefix: "u" }, { planType: "business", remindersQuota: 1_000_000 });
    await pool.query(
      `insert into contacts (id, workspace_id, name, email, unsubscribe_token)
       select 'c' || i, 'u' || (1 + i % 50), 'C', 'c' || i || '@plans.example', gen_random_uuid()::text
         from generate_series(1, 2000) i`,
    );
    // 100 due, the rest ahead.
    await pool.query(
      `insert into reminders (id, workspace_id, created_by, contact_id, message, delivery_method, schedule_type,
                              scheduled_for, next_run_at)
       select 'r' || i, 'u' || (1 + i % 50), 'u' || (1 + i % 50), 'c' || i, 'm', 'email', 'once', t, t
         from (select i, now() + (case when i <= 100 then -1 else 1 end) * i * interval '1 minute' as t
                 from generate_series(1, 2000) i) s`,
    );
    await pool.query(
      `insert into deliveries (reminder_id, workspace_id, contact_id, occurrence_at, channel, status, next_attempt_at,
                               lease_expires_at, last_attempt_at, sent_at, created_at)
       select 'r' || (1 + n % 2000), 'u' || (1 + (1 + n % 2000) % 50), 'c' || (1 + n % 2000),
              timestamptz '2024-01-01' + n * interval '1 minute', (array['email', 'sms', 'whatsapp', 'call'])[1 + n % 4],
              case when n < 40 then 'queued' when n < 60 then 'held' when n < 70 then 'sending'
                   when n % 20 = 0 then 'failed' else 'sent' end,
              case when n < 60 then now() + (n - 20) * interval '1 minute' end,
              case when n between 60 and 69 then now() + interval '20 seconds' end,
              case when n >= 70 then created end, case when n >= 70 then created + interval '1 second' end,
              created
         from (select n, now() - (n::float / 30000) * interval '30 days' as created from generate_series(0, 29999) n) s`,
    );
    await pool.query(
      `insert into webhook_endpoints (id, workspace_id, url, events, secret)
       values ('e1', 'u1', 'https://hooks.example/in', '{delivery.sent}', 'whsec_plans')`,
    );
    await pool.query(
      `insert into webhook_messages (endpoint_id, workspace_id, message_id, event_type, payload, occurred_at, status, next_attempt_at)
       select 'e1', 'u1', 'm' || n, 'delivery.sent', '{}', now(), case when n <= 20 then 'pending' else 'delivered' end,
              case when n <= 20 then now() + (n - 10) * interval '1 minute' end
         from generate_series(1, 5000) n`,
    );
    await pool.query("analyze");
  });

  it("the last day's deliveries by status and channel: a range of deliveries_created_idx", async () => {
    const { seqScans, indexes } = reads(await planOf(DELIVERIES_LAST_DAY));
    expect(seqScans).toEqual([]);
    expect(indexes).toEqual(["deliveries_created_idx"]);
  });

  it("the last hour's send times: the same index", async () => {
    const { seqScans, indexes } = reads(await planOf(SEND_SECONDS));
    expect(seqScans).toEqual([]);
    expect(indexes).toEqual(["deliveries_created_idx"]);
  });

  it("the queue: the partial index of queued and held deliveries", async () => {
    const { seqScans, indexes } = reads(await planOf(DELIVERY_QUEUE));
    expect(seqScans).toEqual([]);
    expect(indexes).toEqual(["deliveries_pending_idx"]);
  });

  it("the due reminders: reminders_due_idx", async () => {
    const { seqScans, indexes } = reads(await planOf(REMINDERS_DUE));
    expect(seqScans).toEqual([]);
    expect(indexes).toEqual(["reminders_due_idx"]);
  });

  it("the lag: the first entry of each partial index", async () => {
    const { seqScans, indexes } = reads(await planOf(DELIVERY_LAG));
    expect(seqScans).toEqual([]);
    expect(indexes.sort()).toEqual(["deliveries_lease_idx", "deliveries_pending_idx", "reminders_due_idx"]);
  });

  it("the webhook backlog: the partial index of pending messages", async () => {
    const { seqScans, indexes } = reads(await planOf(WEBHOOK_BACKLOG));
    expect(seqScans).toEqual([]);
    expect(indexes).toEqual(["webhook_messages_due_idx"]);
  });
});
