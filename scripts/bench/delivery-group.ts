/**
 * `npm run bench:delivery -- --scenario group [--members 20000] [--workers 1] [--concurrency 20]`:
 * a pay-as-you-go account's group reminder of M members against M single reminders of another
 * pay-as-you-go account, every one by e-mail, on the same workers and database. Runs, the
 * database emptied in between: a short warm-up of both (not counted), then singles alone, the
 * group alone, the group alone, singles alone
 * (compared by their means: the load of a shared machine moves during a run), then both due at
 * the same instant, their rows interleaved. Each side: deliveries per second from the due time
 * to its last send, lateness, duplicates and losses (per address at the sink).
 */
import type pg from "pg";
import type { BareSmtpSink } from "@/tests/support/bare-smtp-sink";
import {
  lateness,
  perItem,
  resetStatements,
  seedOwnWorkspaces,
  statementCounts,
  waitUntil,
} from "@/tests/support/bench-kit";

type Side = "group" | "single";

export interface GroupRunSide {
  side: Side;
  deliveries: number;
  seconds: number;
  deliveriesPerSecond: number;
  latenessMs: Awaited<ReturnType<typeof lateness>>;
  failed: number;
  duplicates: number;
  lost: number;
}

const USER: Record<Side, string> = { group: "payg-group", single: "payg-single" };

/**
 * One run's rows, due at `dueAt`: for each side asked, its pay-as-you-go account, M contacts
 * and M reminders: the group's M member reminders (parent 'group-reminder', as syncGroupReminders
 * makes them) and its group reminder, or M single reminders. Reminders of both sides are written
 * in one statement alternating, so neither side's rows come first in the due index.
 */
async function seedRun(client: pg.Client, sides: Side[], members: number, dueAt: Date, tag: string) {
  await client.query("truncate users, workspaces cascade");
  await client.query(
    `insert into users (id, email, sender_name, timezone)
     select id, id || '@bench.example', 'Sender', 'UTC' from unnest($1::text[]) id`,
    [sides.map((s) => USER[s])],
  );
  await seedOwnWorkspaces(
    client,
    { userIds: sides.map((s) => USER[s]) },
    { planType: "payg", remindersQuota: 0, paygCreditBalance: 1_000_000_000 },
  );
  for (const side of sides) {
    await client.query(
      `insert into contacts (id, workspace_id, name, email, timezone, unsubscribe_token, delivery_method)
       select $2 || i, $3, 'Contact ' || i, $4 || i || '@bench.example', 'UTC', gen_random_uuid()::text, 'email'
         from generate_series(1, $1) i`,
      [members, `${side[0]}c`, USER[side], `${tag}${side[0]}`],
    );
  }
  if (sides.includes("group")) {
    await client.query(
      `insert into contact_groups (id, workspace_id, name) values ('bench-group', $1, 'Everyone')`,
      [USER.group],
    );
    await client.query(
      `insert into contact_group_members (group_id, contact_id, workspace_id)
       select 'bench-group', 'gc' || i, $2 from generate_series(1, $1) i`,
      [members, USER.group],
    );
    await client.query(
      `insert into reminders (id, workspace_id, created_by, recipient, group_id, group_timing, type, message,
                              delivery_method, schedule_type, scheduled_for, next_run_at, timezone)
       values ('group-reminder', $1, $1, 'group', 'bench-group', 'same_instant', 'text', 'Benchmark reminder', 'email',
               'once', $2, $2, 'UTC')`,
      [USER.group, dueAt],
    );
  }
  await client.query(
    `insert into reminders (id, workspace_id, created_by, contact_id, parent_reminder_id, type, message,
                            delivery_method, schedule_type, scheduled_for, next_run_at, timezone)
     select k.side || 'r' || i, case k.side when 'g' then $3 else $4 end, case k.side when 'g' then $3 else $4 end,
            k.side || 'c' || i,
            case k.side when 'g' then 'group-reminder' end, 'text', 'Benchmark reminder', 'email', 'once', $2, $2, 'UTC'
       from generate_series(1, $1) i, unnest($5::text[]) as k(side)
      order by i, k.side`,
    [members, dueAt, USER.group, USER.single, sides.map((s) => s[0])],
  );
  await client.query("analyze");
}

/** One run: the sides' rows due together; each side's figures once every delivery settled. */
async function run(client: pg.Client, smtp: BareSmtpSink, sides: Side[], members: number, tag: string) {
  const dueAt = new Date(Date.now() + 8_000 + (members * sides.length) / 10);
  await seedRun(client, sides, members, dueAt, tag);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, dueAt.getTime() - Date.now() - 500)));
  await resetStatements(client);
  const before = await statementCounts(client);
  const total = members * sides.length;
  await waitUntil(
    async () =>
      (await client.query("select count(*)::int as n from deliveries where status in ('sent', 'failed')"))
        .rows[0].n >= total,
    15 * 60_000,
    250,
  );
  const perDelivery = perItem(before, await statementCounts(client), total);
  // A message still on its way to the sink (see sinkGrace).
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const results: GroupRunSide[] = [];
  for (const side of sides) {
    const { rows } = await client.query<{ last: Date; failed: number }>(
      `select max(sent_at) as last, count(*) filter (where status = 'failed')::int as failed
         from deliveries where workspace_id = $1`,
      [USER[side]],
    );
    const seconds = (rows[0].last.getTime() - dueAt.getTime()) / 1000;
    const prefix = `${tag}${side[0]}`;
    const recipients = smtp.messages.map((m) => m.to[0]).filter((to) => to.startsWith(prefix));
    const distinct = new Set(recipients).size;
    results.push({
      side,
      deliveries: members,
      seconds: Number(seconds.toFixed(2)),
      deliveriesPerSecond: Math.round(members / seconds),
      latenessMs: await lateness(client, `workspace_id = '${USER[side]}'`),
      failed: rows[0].failed,
      duplicates: recipients.length - distinct,
      lost: members - distinct,
    });
  }
  return { sides: results, perDelivery };
}

const line = (r: GroupRunSide) =>
  `${r.side.padEnd(6)} ${String(r.deliveriesPerSecond).padStart(6)} deliveries/s  (${r.deliveries} in ${r.seconds} s)` +
  `  lateness p50 ${r.latenessMs.p50} p95 ${r.latenessMs.p95} ms  duplicates ${r.duplicates} lost ${r.lost} failed ${r.failed}`;

/** The scenario's runs (see the file's comment) and their summary. */
export async function benchDeliveryGroup(client: pg.Client, smtp: BareSmtpSink, members: number) {
  // A first run is slower whatever it sends (a cold worker and database): not counted.
  const warm = await run(client, smtp, ["group", "single"], Math.min(members, 2_000), "warm-");
  for (const r of warm.sides) console.log(`warm-up  ${line(r)}`);
  const alone: { side: Side; result: GroupRunSide; perDelivery: ReturnType<typeof perItem> }[] = [];
  const order: Side[] = ["single", "group", "group", "single"];
  for (const [i, side] of order.entries()) {
    const { sides, perDelivery } = await run(client, smtp, [side], members, `run${i}-`);
    console.log(`alone   ${line(sides[0])}  ${perDelivery.statements} statements/delivery`);
    alone.push({ side, result: sides[0], perDelivery });
  }
  const together = await run(client, smtp, ["group", "single"], members, "both-");
  for (const r of together.sides) console.log(`together ${line(r)}`);
  const mean = (side: Side) =>
    Math.round(
      alone.filter((a) => a.side === side).reduce((t, a) => t + a.result.deliveriesPerSecond, 0) /
        alone.filter((a) => a.side === side).length,
    );
  const summary = {
    members,
    alone,
    meanDeliveriesPerSecond: { single: mean("single"), group: mean("group") },
    groupToSingle: Number((mean("group") / mean("single")).toFixed(2)),
    together: together.sides,
    togetherPerDelivery: together.perDelivery,
  };
  console.log(
    `\nmean deliveries/s      single ${summary.meanDeliveriesPerSecond.single}, group ${summary.meanDeliveriesPerSecond.group}` +
      ` (group / single ${summary.groupToSingle}, target >= 1 within noise)`,
  );
  return summary;
}
