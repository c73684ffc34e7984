import { seedOwnWorkspaces, type SqlClient } from "@/tests/support/bench-kit";

export const FLEET_CHANNELS = ["email", "sms", "whatsapp"] as const;

/** A zone where it is early afternoon now, so SMS quiet hours (20:00-08:00) hold nothing during a run. */
function daytimeZone(): string {
  const zones = [
    "UTC",
    "Europe/Berlin",
    "Asia/Kolkata",
    "Asia/Tokyo",
    "Australia/Sydney",
    "Pacific/Auckland",
    "America/Los_Angeles",
    "America/New_York",
    "America/Sao_Paulo",
  ];
  const hour = (zone: string) =>
    Number(new Intl.DateTimeFormat("en-GB", { hour: "numeric", hourCycle: "h23", timeZone: zone }).format());
  return zones.reduce((best, zone) => (Math.abs(hour(zone) - 13) < Math.abs(hour(best) - 13) ? zone : best));
}

/** Reminder `i`'s recipient as the peer sees it: each reminder has its own contact. */
export function recipientOf(i: number): { email: string; phone: string } {
  return { email: `c${i}@bench.example`, phone: `+1555${String(i).padStart(7, "0")}` };
}

/**
 * `users` senders on a plan with room to spare and `reminders` one-time reminders, one contact
 * each, channels in turn (e-mail, SMS, WhatsApp), contact languages in turn (en, es, fr), every
 * contact with a phone and a WhatsApp opt-in. Not due yet: `makeDue` moves them all to one instant.
 * `warmUp` more of the same senders (ids and addresses tagged `w`) warm fresh workers up first.
 */
export async function seedFleetBurst(
  client: SqlClient,
  options: { reminders: number; users: number; prefix?: string; warmUp?: number },
) {
  const p = options.prefix ?? "";
  await client.query(
    `insert into users (id, email, sender_name, timezone)
     select $2 || 'u' || i, $2 || 'u' || i || '@bench.example', 'Sender ' || i, 'UTC'
       from generate_series(1, $1) i`,
    [options.users, p],
  );
  await seedOwnWorkspaces(
    client,
    { userIds: Array.from({ length: options.users }, (_, i) => `${p}u${i + 1}`) },
    { planType: "business", remindersQuota: 100_000_000 },
  );
  for (const [tag, count] of [
    ["", options.reminders],
    ["w", options.warmUp ?? 0],
  ] as const) {
    if (count === 0) continue;
    await client.query(
      `insert into contacts (id, workspace_id, name, email, phone, timezone, locale, unsubscribe_token, delivery_method,
                             whatsapp_consent_at, whatsapp_consent_source)
       select $4 || $5 || 'c' || i, $4 || 'u' || (1 + i % $2), 'Contact ' || i, $5 || 'c' || i || '@bench.example',
              (case when $5 = '' then '+1555' else '+1556' end) || lpad(i::text, 7, '0'), $3,
              (array['en', 'es', 'fr'])[1 + (i / 3) % 3], gen_random_uuid()::text, 'email', now() - interval '1 day', 'in_person'
         from generate_series(1, $1) i`,
      [count, options.users, daytimeZone(), p, tag],
    );
    await client.query(
      `insert into reminders (id, workspace_id, created_by, contact_id, type, message, delivery_method, schedule_type,
         scheduled_for, next_run_at)
       select $4 || $5 || 'r' || i, $4 || 'u' || (1 + i % $2), $4 || 'u' || (1 + i % $2), $4 || $5 || 'c' || i, 'text',
              'Fleet reminder ' || i, ($3::text[])[1 + i % 3], 'once', now() + interval '1 day', now() + interval '1 day'
         from generate_series(1, $1) i`,
      [count, options.users, FLEET_CHANNELS, p, tag],
    );
  }
  // With a prefix the database holds other rows: only the tables seeded here are read again.
  await client.query(
    p ? "vacuum analyze users, workspaces, workspace_members, contacts, reminders" : "vacuum analyze",
  );
}

/**
 * Every reminder of the burst (`tag` "w": of the warm-up) falls due at `dueAt` (one statement: the
 * engines hear of it by one NOTIFY).
 */
export async function makeDue(client: SqlClient, dueAt: Date, prefix = "", tag: "" | "w" = "") {
  await client.query(`update reminders set scheduled_for = $1, next_run_at = $1 where starts_with(id, $2)`, [
    dueAt,
    `${prefix}${tag}r`,
  ]);
  // The update left a dead version of every reminder behind; a burst starts from a clean table.
  await client.query("vacuum analyze reminders");
}
