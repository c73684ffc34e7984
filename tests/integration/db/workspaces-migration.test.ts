import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseBefore } from "@/tests/support/migrated-before";

const TAG = "0028_workspaces";

/** Every table whose rows an account owned, and the column that named the account. */
const OWNED = [
  "contacts",
  "contact_dates",
  "deleted_contacts",
  "credit_ledger",
  "deliveries",
  "delivery_replies",
  "delivery_calls",
  "delivery_monthly_totals",
  "group_occurrences",
  "contact_groups",
  "contact_group_members",
  "api_keys",
  "webhook_endpoints",
  "webhook_messages",
  "media",
  "reminders",
  "message_templates",
];

let client: pg.Client;
let scratch: Awaited<ReturnType<typeof databaseBefore>> | undefined;

/**
 * Every row of every owned table, keyed by table, as text, with its owner (new actor columns
 * aside); `columns` keeps only those a row had before (later migrations add columns of their own).
 */
async function ownedRows(column: "user_id" | "workspace_id", columns?: Record<string, string[]>) {
  const out: Record<string, string[]> = {};
  for (const table of OWNED) {
    const { rows } = await client.query<{ owner: string; row: Record<string, unknown> }>(
      `select ${column} as owner, to_jsonb(t) - '${column}' - 'created_by' - 'updated_by' as row from ${table} t`,
    );
    const kept = (row: Record<string, unknown>) =>
      columns
        ? Object.fromEntries(Object.entries(row).filter(([key]) => columns[table]?.includes(key)))
        : row;
    out[table] = rows.map((r) => `${r.owner}|${JSON.stringify(kept(r.row))}`).sort();
  }
  return out;
}

/** The columns each owned table's rows had, read from those rows. */
const columnsOf = (rows: Record<string, string[]>) =>
  Object.fromEntries(
    Object.entries(rows).map(([table, lines]) => [
      table,
      [
        ...new Set(
          lines.flatMap((line) => Object.keys(JSON.parse(line.slice(line.indexOf("|") + 1)) as object)),
        ),
      ],
    ]),
  );

let rowsBefore: Record<string, string[]>;

beforeAll(async () => {
  scratch = await databaseBefore(TAG);
  client = scratch.client;
  // Two accounts: a paying one with data of every kind, and a plain trial.
  await client.query(`
    insert into users (id, email, first_name, last_name, plan_type, subscription_status, reminders_quota,
        reminders_used_current_period, payg_credit_balance, stripe_customer_id, stripe_subscription_id,
        payment_frequency, billing_period_start, billing_period_end, auto_recharge_enabled,
        auto_recharge_package_index, auto_recharge_threshold_cents, calendar_token, billing_flag,
        stripe_subscription_event_at, failure_alert_sent_at, group_holds_until, failure_alerts)
      values ('u1', 'ana@example.com', 'Ana', 'Ruiz', 'starter', 'active', 500, 11, 2500, 'cus_A', 'sub_A',
        'quarterly', '2026-12-01T00:00:00Z', '2027-03-01T00:00:00Z', true, 1, 300, 'cal_A', 'refund',
        '2026-12-01T10:00:00Z', '2026-12-02T10:00:00Z', '2026-12-03T10:00:00Z', false);
    insert into users (id, email, name) values ('u2', 'luis@example.com', 'Luis');
    insert into sessions (session_token, user_id, expires) values ('s1', 'u1', now() + interval '1 day');
    insert into contacts (id, user_id, name, phone, unsubscribe_token) values ('c1', 'u1', 'María', '+34600111222', 't1');
    insert into contacts (id, user_id, name, email, unsubscribe_token) values ('c2', 'u2', 'Paul', 'p@example.com', 't2');
    insert into contact_dates (id, user_id, contact_id, kind, month, day) values ('d1', 'u1', 'c1', 'birthday', 7, 21);
    insert into contact_groups (id, user_id, name) values ('g1', 'u1', 'Choir');
    insert into contact_group_members (group_id, contact_id, user_id) values ('g1', 'c1', 'u1');
    insert into media (id, user_id, kind, status, filename, source_key, stored_bytes)
      values ('m1', 'u1', 'voice', 'processing', 'v.webm', 'media/m1/source', 10);
    insert into reminders (id, user_id, contact_id, message, delivery_method, schedule_type, scheduled_for, next_run_at)
      values ('r1', 'u1', 'c1', 'm', 'sms', 'once', now(), now());
    insert into reminders (id, user_id, group_id, message, delivery_method, schedule_type, scheduled_for, recipient, group_timing)
      values ('r2', 'u1', 'g1', 'choir', 'email', 'once', now(), 'group', 'local_time');
    insert into group_occurrences (reminder_id, occurrence_key, user_id, status, members, units_held, expires_at)
      values ('r2', 'k1', 'u1', 'covered', 1, 1, now() + interval '1 day');
    insert into deliveries (id, reminder_id, user_id, contact_id, occurrence_at, channel, status, sent_at)
      overriding system value values (41, 'r1', 'u1', 'c1', '2025-03-10T09:00:00Z', 'sms', 'sent', '2025-03-10T09:00:00Z');
    insert into delivery_replies (delivery_id, delivery_occurrence_at, reminder_id, user_id, channel, body, action, provider_message_id)
      values (41, '2025-03-10T09:00:00Z', 'r1', 'u1', 'sms', 'YES', 'confirm', 'SM1');
    insert into delivery_calls (call_sid, delivery_id, delivery_occurrence_at, user_id, status)
      values ('CA1', 41, '2025-03-10T09:00:00Z', 'u1', 'completed');
    insert into delivery_monthly_totals (user_id, month, channel, status, count) values ('u1', '2024-01-01', 'sms', 'sent', 7);
    insert into credit_ledger (user_id, amount_cents, reason, idempotency_key) values ('u1', 2500, 'purchase', 'k-1');
    insert into deleted_contacts (contact_id, user_id, rows, deleted_at, restorable_until)
      values ('c9', 'u1', '{}', now(), now() + interval '10 seconds');
    insert into api_keys (id, user_id, name, scope, prefix, hash) values ('k1', 'u1', 'Zapier', 'write', 'rmd_abc', 'h1');
    insert into webhook_endpoints (id, user_id, url, events, secret) values ('e1', 'u1', 'https://h.example', '{delivery.sent}', 's');
    insert into webhook_messages (id, endpoint_id, user_id, message_id, event_type, payload, occurred_at)
      overriding system value values (7, 'e1', 'u1', 'msg_1', 'delivery.sent', '{}', now());
    insert into message_templates (id, user_id, name, body, locale) values ('t1', 'u1', 'Pills', 'Take them', 'en');
    insert into stored_objects (id, owner_id, key, status) values ('o1', 'u1', 'uploads/o1', 'ready');
  `);
  rowsBefore = await ownedRows("user_id");
  await scratch.migrateRest();
});

afterAll(async () => {
  await scratch?.drop();
});

describe("the workspaces migration on a database with data of every kind", () => {
  it("makes each account a workspace with its own id, its owner, named after the person", async () => {
    const { rows } = await client.query(
      `select w.id, w.name, w.sender_identity, m.user_id, m.role from workspaces w
         join workspace_members m on m.workspace_id = w.id order by w.id`,
    );
    expect(rows).toEqual([
      { id: "u1", name: "Ana Ruiz", sender_identity: "member", user_id: "u1", role: "owner" },
      { id: "u2", name: "Luis", sender_identity: "member", user_id: "u2", role: "owner" },
    ]);
    const users = await client.query("select id, current_workspace_id from users order by id");
    expect(users.rows).toEqual([
      { id: "u1", current_workspace_id: "u1" },
      { id: "u2", current_workspace_id: "u2" },
    ]);
  });

  it("moves the plan, usage, credits, Stripe ids and watermarks to the workspace unchanged", async () => {
    const { rows } = await client.query(`select * from workspaces where id = 'u1'`);
    expect(rows[0]).toMatchObject({
      plan_type: "starter",
      subscription_status: "active",
      reminders_quota: 500,
      reminders_used_current_period: 11,
      payg_credit_balance: 2500,
      stripe_customer_id: "cus_A",
      stripe_subscription_id: "sub_A",
      payment_frequency: "quarterly",
      billing_period_start: new Date("2026-12-01T00:00:00Z"),
      billing_period_end: new Date("2027-03-01T00:00:00Z"),
      auto_recharge_enabled: true,
      auto_recharge_package_index: 1,
      auto_recharge_threshold_cents: 300,
      billing_flag: "refund",
      stripe_subscription_event_at: new Date("2026-12-01T10:00:00Z"),
      failure_alert_sent_at: new Date("2026-12-02T10:00:00Z"),
      group_holds_until: new Date("2026-12-03T10:00:00Z"),
      extra_seats: 0,
    });
    const columns = await client.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_name = 'users'`,
    );
    const names = columns.rows.map((r) => r.column_name);
    for (const gone of ["plan_type", "payg_credit_balance", "stripe_customer_id", "calendar_token"])
      expect(names).not.toContain(gone);
    // The person's own preference stays with them.
    const [ana] = (await client.query(`select failure_alerts from users where id = 'u1'`)).rows;
    expect(ana.failure_alerts).toBe(false);
  });

  it("keeps the calendar feed working: its token is now the owner's membership's", async () => {
    const { rows } = await client.query(
      `select workspace_id, user_id from workspace_members where calendar_token = 'cal_A'`,
    );
    expect(rows).toEqual([{ workspace_id: "u1", user_id: "u1" }]);
  });

  it("keeps every owned row and id, now the workspace's", async () => {
    expect(await ownedRows("workspace_id", columnsOf(rowsBefore))).toEqual(rowsBefore);
    const objects = await client.query("select id, workspace_id from stored_objects");
    expect(objects.rows).toEqual([{ id: "o1", workspace_id: "u1" }]);
  });

  it("names the account as the creator of its reminders, contacts and keys", async () => {
    const reminders = await client.query("select id, created_by, updated_by from reminders order by id");
    expect(reminders.rows).toEqual([
      { id: "r1", created_by: "u1", updated_by: null },
      { id: "r2", created_by: "u1", updated_by: null },
    ]);
    const keys = await client.query("select created_by from api_keys");
    expect(keys.rows).toEqual([{ created_by: "u1" }]);
    const contacts = await client.query("select id, created_by from contacts order by id");
    expect(contacts.rows).toEqual([
      { id: "c1", created_by: "u1" },
      { id: "c2", created_by: "u2" },
    ]);
  });

  it("points every owner key at workspaces: deleting a workspace takes its rows, not the person", async () => {
    await client.query("begin");
    try {
      await client.query("delete from workspaces where id = 'u1'");
      for (const table of OWNED) {
        const { rows } = await client.query(
          `select count(*)::int as n from ${table} where workspace_id = 'u1'`,
        );
        expect(rows[0].n, table).toBe(0);
      }
      const person = await client.query("select id from users where id = 'u1'");
      expect(person.rows).toHaveLength(1);
    } finally {
      await client.query("rollback");
    }
  });

  it("lets the trail be written, in its month's partition", async () => {
    const { rows } = await client.query<{ part: string }>(
      `insert into workspace_events (workspace_id, actor_id, kind, details) values ('u1', 'u1', 'contact.created', '{}')
         returning tableoid::regclass::text as part`,
    );
    const month = new Date().toISOString().slice(0, 7).replace("-", "_");
    expect(rows[0].part).toBe(`workspace_events_${month}`);
  });
});
