import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * bench:web's data: one user owning `contactCount` contacts and `reminderCount` reminders, and a
 * session for them. Returns the session token.
 */
export async function seedWebBench(
  url: string,
  contactCount: number,
  reminderCount: number,
): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const sessionToken = randomBytes(24).toString("hex");
    const { rows } = await client.query<{ id: string }>(
      `insert into users (id, email, name, timezone)
       values (gen_random_uuid()::text, 'bench@example.com', 'Bench User', 'Europe/Paris') returning id`,
    );
    const userId = rows[0].id;
    // The person's own workspace (the same id, as at sign-up), where the requests act.
    await client.query(
      `insert into workspaces (id, name, plan_type, subscription_status, is_active, reminders_quota,
         reminders_used_current_period, trial_end_date)
       values ($1, 'Bench User', 'business', 'active', true, 15000, 1200, now() + interval '7 days')`,
      [userId],
    );
    await client.query(
      `insert into workspace_members (workspace_id, user_id, role) values ($1, $1, 'owner')`,
      [userId],
    );
    await client.query(`update users set current_workspace_id = $1 where id = $1`, [userId]);
    await client.query(
      `insert into sessions (session_token, user_id, expires) values ($1, $2, now() + interval '1 day')`,
      [sessionToken, userId],
    );
    await client.query(
      `insert into contacts (id, workspace_id, name, email, phone, relationship, delivery_method, unsubscribe_token)
       select gen_random_uuid()::text, $1, 'Contact ' || g, 'contact' || g || '@example.com',
              '+1415555' || lpad(g::text, 4, '0'), 'Friend', 'email', gen_random_uuid()::text
       from generate_series(1, $2) g`,
      [userId, contactCount],
    );
    // A mix of one-time and recurring reminders spread over the coming year.
    await client.query(
      `with c as (select id, row_number() over (order by id) - 1 as n from contacts where workspace_id = $1)
       insert into reminders (id, workspace_id, contact_id, type, message, status, delivery_method, schedule_type,
         scheduled_for, frequency, time, days, timezone, next_run_at)
       select gen_random_uuid()::text, $1, c.id, 'text', 'Reminder ' || g, 'scheduled', 'email',
              case when g % 3 = 0 then 'recurring' else 'once' end,
              now() + (g || ' minutes')::interval,
              case when g % 3 = 0 then 'weekly' end,
              case when g % 3 = 0 then '09:00' end,
              case when g % 3 = 0 then array['Mon','Thu'] end,
              'Europe/Paris', now() + (g || ' minutes')::interval
       from generate_series(1, $2) g join c on c.n = g % $3`,
      [userId, reminderCount, contactCount],
    );
    // The tables as autovacuum leaves them a minute after a bulk load: statistics (without them
    // the planner guesses a handful of rows per user and plans the first requests for that) and
    // the visibility map (an insert-driven vacuum sets it, so index-only scans skip the heap).
    // Without this, whether autovacuum ran before a target made it read the tables differently
    // from one run to the next.
    await client.query("vacuum analyze");
    return sessionToken;
  } finally {
    await client.end();
  }
}
