import { afterAll, beforeAll, expect, it } from "vitest";
import pg from "pg";
import { seedOwnWorkspaces, sinkGrace, spawnWorker, waitUntil } from "@/tests/support/bench-kit";
import { startTwilioSink, twilioSinkEnv, type TwilioSink } from "@/tests/support/twilio-sink";
import { db } from "@/lib/db";
import { syncGroupReminders } from "@/lib/reminders/sync-group-reminders";

const N = 1_500;
/**
 * SMS through a Twilio peer that takes 20 ms a message (so the kill lands mid-group): a send the
 * dead worker may have made is looked up before it is made again, so no member gets two.
 */
const burst = {} as { sink: TwilioSink; client: pg.Client };
beforeAll(async () => {
  burst.sink = await startTwilioSink({ latencyMs: 20 });
  burst.client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await burst.client.connect();
});
afterAll(async () => {
  await burst.client.end();
  await burst.sink.close();
});
const count = async (sql: string, params: unknown[] = []) =>
  (await burst.client.query(sql, params)).rows[0].n as number;

/**
 * One sender with a group of N contacts and a one-time group reminder to it due at `dueAt`, its
 * member reminders made as the reminders module makes them.
 */
async function seedGroup(dueAt: Date) {
  const { client } = burst;
  await client.query(
    `insert into users (id, email, sender_name, timezone) values ('gu', 'gu@bench.example', 'Choir', 'UTC')`,
  );
  await seedOwnWorkspaces(client, { userIds: ["gu"] }, { planType: "business", remindersQuota: 100_000 });
  // Members where it is daytime now: SMS quiet hours do not hold them.
  const hour = new Date().getUTCHours();
  const zone = hour >= 8 && hour < 20 ? "UTC" : hour < 8 ? "Asia/Tokyo" : "America/Los_Angeles";
  await client.query(
    `insert into contacts (id, workspace_id, name, phone, timezone, unsubscribe_token, delivery_method)
     select 'gc' || i, 'gu', 'Member ' || i, '+1555' || lpad(i::text, 7, '0'), $2, gen_random_uuid()::text, 'sms'
       from generate_series(1, $1) i`,
    [N, zone],
  );
  await client.query(`insert into contact_groups (id, workspace_id, name) values ('gg', 'gu', 'Choir')`);
  await client.query(
    `insert into contact_group_members (group_id, contact_id, workspace_id) select 'gg', 'gc' || i, 'gu' from generate_series(1, $1) i`,
    [N],
  );
  await client.query(
    `insert into reminders (id, workspace_id, created_by, recipient, group_id, group_timing, type, message, delivery_method,
                            schedule_type, scheduled_for, next_run_at, timezone)
     values ('gr', 'gu', 'gu', 'group', 'gg', 'same_instant', 'text', 'Rehearsal tonight', 'sms', 'once', $1, $1, 'UTC')`,
    [dueAt],
  );
  await db.transaction((tx) => syncGroupReminders(tx, { workspaceId: "gu", reminderId: "gr" }, new Date()));
  await client.query("analyze");
}

it("a worker killed with SIGKILL mid-group: every member gets the reminder exactly once, the occurrence held and drawn once", async () => {
  const env = {
    DATABASE_URL: process.env.DATABASE_URL!,
    WORKER_CONCURRENCY: "4",
    LOG_LEVEL: "error",
    // 100 SMS a second: the group takes 15 s, and each worker holds seconds of paced sends.
    ...twilioSinkEnv(burst.sink, 100),
  };
  const victim = spawnWorker(env);
  const survivor = spawnWorker(env);
  try {
    await waitUntil(
      async () => (await count("select count(*)::int as n from worker_heartbeats")) >= 2,
      60_000,
    );
    await seedGroup(new Date(Date.now() + 3_000));
    expect(await count("select count(*)::int as n from reminders where parent_reminder_id = 'gr'")).toBe(N);
    await waitUntil(
      async () => (await count("select count(*)::int as n from deliveries where status = 'sent'")) >= 200,
      120_000,
      50,
    );
    const victimExited = new Promise((resolve) => victim.once("exit", resolve));
    victim.kill("SIGKILL");
    await victimExited;
    // Let every write in progress on deliveries end (see worker-kill.test.ts) before reading
    // what the dead worker held.
    await burst.client.query("begin");
    await burst.client.query("lock table deliveries in share mode");
    const held = await count(
      `select count(*)::int as n from deliveries where status = 'sending' and worker_id like $1`,
      [`%:${victim.pid}:%`],
    );
    await burst.client.query("commit");
    console.log(`killed worker ${victim.pid} holding ${held} member deliveries`);
    expect(held).toBeGreaterThan(0);

    await waitUntil(
      async () => (await count(`select count(*)::int as n from deliveries where status = 'sent'`)) >= N,
      180_000,
      250,
    );
    await sinkGrace();
    const recipients = burst.sink.messages.map((m) => m.to);
    const distinct = new Set(recipients).size;
    const ambiguous = await count(`select count(*)::int as n from deliveries where attempt_count > 1`);
    console.log(`duplicates ${recipients.length - distinct}; taken over after a possible send: ${ambiguous}`);
    // Every member exactly once: one delivery per member reminder, one message per member.
    expect(distinct).toBe(N);
    expect(recipients).toHaveLength(N);
    expect(await count(`select count(*)::int as n from deliveries`)).toBe(N);
    expect(
      await count(`select count(distinct reminder_id)::int as n from deliveries where status = 'sent'`),
    ).toBe(N);
    // The group reminder itself sent nothing and ended; its occurrence was covered once and
    // every member drew on it once (a takeover reserves nothing again).
    expect(await count(`select count(*)::int as n from deliveries where reminder_id = 'gr'`)).toBe(0);
    expect(await count(`select count(*)::int as n from reminders where id = 'gr' and status = 'sent'`)).toBe(
      1,
    );
    const occurrences = await burst.client.query(
      `select status, members, units_held, units_drawn from group_occurrences where reminder_id = 'gr'`,
    );
    expect(occurrences.rows).toEqual([{ status: "covered", members: N, units_held: N, units_drawn: N }]);
    expect(await count(`select reminders_used_current_period as n from workspaces where id = 'gu'`)).toBe(N);
  } finally {
    victim.kill("SIGKILL");
    survivor.kill("SIGTERM");
  }
});
