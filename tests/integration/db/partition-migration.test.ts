import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseBefore } from "@/tests/support/migrated-before";

const PARTITIONED = [
  "deliveries",
  "delivery_replies",
  "delivery_calls",
  "webhook_messages",
  "webhook_attempts",
  "outbox_messages",
];
const TAG = "0023_partitioned-logs";

let client: pg.Client;
let scratch: Awaited<ReturnType<typeof databaseBefore>> | undefined;
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  scratch = await databaseBefore(TAG);
  client = scratch.client;
  // Rows of several months (one far outside the months the migration makes around now).
  await client.query(`
    insert into users (id, email) values ('u1', 'u1@example.com');
    insert into contacts (id, user_id, name, phone, unsubscribe_token) values ('c1', 'u1', 'C', '+14155550100', 't1');
    insert into reminders (id, user_id, contact_id, message, delivery_method, schedule_type, scheduled_for, next_run_at)
      values ('r1', 'u1', 'c1', 'm', 'sms', 'once', now(), now());
    insert into deliveries (id, reminder_id, user_id, contact_id, occurrence_at, channel, status, sent_at, confirmation)
      overriding system value values
      (41, 'r1', 'u1', 'c1', '2025-03-10T09:00:00Z', 'sms', 'sent', '2025-03-10T09:00:00Z', 'snoozed'),
      (42, 'r1', 'u1', 'c1', '2025-03-10T10:00:00Z', 'sms', 'queued', null, null),
      (57, 'r1', 'u1', 'c1', '2019-07-01T00:00:00Z', 'call', 'delivered', '2019-07-01T00:00:00Z', null);
    update deliveries set snoozed_from_id = 41 where id = 42;
    select setval('deliveries_id_seq', 60);
    insert into delivery_replies (delivery_id, reminder_id, user_id, channel, body, action, provider_message_id)
      values (41, 'r1', 'u1', 'sms', 'LATER', 'snooze', 'SMold');
    insert into delivery_calls (call_sid, delivery_id, user_id, status) values ('CAold', 57, 'u1', 'completed');
    insert into webhook_endpoints (id, user_id, url, events, secret) values ('e1', 'u1', 'https://h.example', '{delivery.sent}', 's');
    insert into webhook_messages (id, endpoint_id, user_id, message_id, event_type, payload, occurred_at, created_at)
      overriding system value values (7, 'e1', 'u1', 'msg_old', 'delivery.sent', '{}', now(), '2025-02-01T00:00:00Z');
    insert into webhook_attempts (webhook_message_id, attempted_at, duration_ms) values (7, now(), 12);
    insert into outbox_messages (channel, "to", text, created_at) values ('sms', '+1', 'hi', '2025-01-31T23:59:59Z');
  `);
  await scratch.migrateRest();
});

afterAll(async () => {
  await scratch?.drop();
});

describe("the partitioning migration on a database with rows", () => {
  it("makes each log a partitioned table and drops the old ones", async () => {
    const { rows } = await client.query<{ name: string; kind: string }>(
      "select relname as name, relkind as kind from pg_class where relname = any($1) order by 1",
      [[...PARTITIONED, ...PARTITIONED.map((t) => `${t}_old`)]],
    );
    expect(rows).toEqual([...PARTITIONED].sort().map((name) => ({ name, kind: "p" })));
  });

  it("keeps every row and id, in its month's partition", async () => {
    const deliveries = await client.query(
      "select id::int, tableoid::regclass::text as part, snoozed_from_id::int as snoozed from deliveries order by id",
    );
    expect(deliveries.rows).toEqual([
      { id: 41, part: "deliveries_2025_03", snoozed: null },
      { id: 42, part: "deliveries_2025_03", snoozed: 41 },
      { id: 57, part: "deliveries_2019_07", snoozed: null },
    ]);
    const replies = await client.query(
      "select delivery_id::int, delivery_occurrence_at, tableoid::regclass::text as part from delivery_replies",
    );
    expect(replies.rows).toEqual([
      {
        delivery_id: 41,
        delivery_occurrence_at: at("2025-03-10T09:00:00Z"),
        part: "delivery_replies_2025_03",
      },
    ]);
    const calls = await client.query("select call_sid, tableoid::regclass::text as part from delivery_calls");
    expect(calls.rows).toEqual([{ call_sid: "CAold", part: "delivery_calls_2019_07" }]);
    const attempts = await client.query(
      "select webhook_message_id::int, message_created_at, tableoid::regclass::text as part from webhook_attempts",
    );
    expect(attempts.rows).toEqual([
      {
        webhook_message_id: 7,
        message_created_at: at("2025-02-01T00:00:00Z"),
        part: "webhook_attempts_2025_02",
      },
    ]);
    const outbox = await client.query("select tableoid::regclass::text as part from outbox_messages");
    expect(outbox.rows).toEqual([{ part: "outbox_messages_2025_01" }]);
  });

  it("continues each identity after the old one and keeps the keys", async () => {
    const { rows } = await client.query<{ id: string; part: string }>(
      `insert into deliveries (reminder_id, workspace_id, contact_id, occurrence_at, channel)
       values ('r1', 'u1', 'c1', now(), 'sms') returning id, tableoid::regclass::text as part`,
    );
    expect(Number(rows[0].id)).toBe(61);
    const month = new Date().toISOString().slice(0, 7).replace("-", "_");
    expect(rows[0].part).toBe(`deliveries_${month}`);
    await expect(
      client.query(
        `insert into deliveries (reminder_id, workspace_id, contact_id, occurrence_at, channel)
         values ('r1', 'u1', 'c1', '2025-03-10T09:00:00Z', 'sms')`,
      ),
    ).rejects.toMatchObject({
      code: "23505",
      detail: expect.stringContaining("(reminder_id, occurrence_at, fallback_step)"),
    });
    await expect(
      client.query(
        `insert into delivery_replies (delivery_id, delivery_occurrence_at, reminder_id, workspace_id, channel, body, action, provider_message_id)
         values (41, '2025-03-10T09:00:01Z', 'r1', 'u1', 'sms', 'x', 'none', 'SMx')`,
      ),
    ).rejects.toMatchObject({ code: "23503", constraint: "delivery_replies_delivery_fk" });
  });
});
