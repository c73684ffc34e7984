import { randomBytes } from "node:crypto";
import { getTableColumns, sql, type SQL } from "drizzle-orm";
import { toSnakeCase } from "drizzle-orm/casing";
import { PgDialect, type PgTable } from "drizzle-orm/pg-core";
import type pg from "pg";
import {
  contacts,
  deliveries,
  deliveryReplies,
  reminders,
  sessions,
  users,
  workspaceMembers,
  workspaces,
} from "@/db/schema";

/**
 * bench:growth's data, generated in SQL (generate_series): users who each own `REMINDERS_PER_USER`
 * daily-ish reminders (one contact each, channels in the product's mix) and `OCCURRENCES` settled
 * deliveries per reminder spread evenly over `SPAN_DAYS` (13 months), with replies to a share of
 * the SMS and WhatsApp ones. A database grows by adding users (`seedGrowthUsers` on a higher
 * range): every user's own history is the same size at any table size, as it is in production
 * (13 months of one account's schedule), so a figure that moves with the table's size is the
 * table's doing, not more rows of that user. Rows go in in time order, as the engine appends them.
 *
 * Every INSERT names its columns through the Drizzle schema (`insertSelect`): a renamed column
 * or a new NOT NULL column without a default fails the typecheck here.
 */
export const REMINDERS_PER_USER = 25;
export const OCCURRENCES = 160;
export const ROWS_PER_USER = REMINDERS_PER_USER * OCCURRENCES;
export const SPAN_DAYS = 395;

const dialect = new PgDialect({ casing: "snake_case" });

type Insert<T extends PgTable> = T["$inferInsert"];
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
/** An expression for every column the table requires, optionally for the others. */
type Row<T extends PgTable> = { [K in RequiredKeys<Insert<T>>]: SQL } & {
  [K in Exclude<keyof Insert<T>, RequiredKeys<Insert<T>>>]?: SQL;
};

/** `insert into <table> (<columns>) select <expressions> <rest>`, columns named by the schema. */
function insertSelect<T extends PgTable>(table: T, row: Row<T>, rest: SQL): SQL {
  const columns = getTableColumns(table) as Record<string, { name: string; keyAsName: boolean }>;
  const entries = Object.entries(row as Record<string, SQL>);
  const name = (key: string) => {
    const column = columns[key];
    return sql.identifier(column.keyAsName ? toSnakeCase(column.name) : column.name);
  };
  return sql`insert into ${table} (${sql.join(
    entries.map(([key]) => name(key)),
    sql`, `,
  )}) select ${sql.join(
    entries.map(([, value]) => value),
    sql`, `,
  )} ${rest}`;
}

async function run(client: Pick<pg.ClientBase, "query">, statement: SQL) {
  const query = dialect.sqlToQuery(statement);
  return client.query(query.sql, query.params);
}

const userId = (u: SQL) => sql`'g-u' || ${u}`;
const contactId = (u: SQL, j: SQL) => sql`'g-c' || ${u} || '-' || ${j}`;
const reminderId = (u: SQL, j: SQL) => sql`'g-r' || ${u} || '-' || ${j}`;
/** Reminder j's channel: 60 % e-mail, 25 % SMS, 10 % WhatsApp, 5 % calls. */
const channelOf = (j: SQL) =>
  sql`(case when ${j} % 20 < 12 then 'email' when ${j} % 20 < 17 then 'sms' when ${j} % 20 < 19 then 'whatsapp' else 'call' end)`;

export interface GrowthRange {
  /** First and last user number (inclusive); user 1 is the first. */
  from: number;
  to: number;
  /** The end of the 13 months every history spans (the same for every range of one database). */
  end: Date;
}

/** The users, their contacts and reminders, and their deliveries and replies, in batches of about `batchRows`. */
export async function seedGrowthUsers(
  client: Pick<pg.ClientBase, "query">,
  range: GrowthRange,
  options: { batchRows?: number; onBatch?: (rows: number) => void } = {},
) {
  const { from, to, end } = range;
  const start = new Date(end.getTime() - SPAN_DAYS * 86_400_000);
  const u = sql.raw("u");
  const j = sql.raw("j");
  await run(
    client,
    insertSelect(
      users,
      {
        id: userId(u),
        email: sql`'g-u' || u || '@growth.example'`,
        senderName: sql`'Sender ' || u`,
        timezone: sql`'UTC'`,
        currentWorkspaceId: userId(u),
        createdAt: sql`${start}::timestamptz - interval '30 days'`,
      },
      sql`from generate_series(${from}::int, ${to}::int) u`,
    ),
  );
  // Each person's own workspace (its id is theirs, as at sign-up), owned by them.
  await run(
    client,
    insertSelect(
      workspaces,
      {
        id: userId(u),
        name: sql`'Sender ' || u`,
        planType: sql`'business'`,
        remindersQuota: sql`1000000000`,
        createdAt: sql`${start}::timestamptz - interval '30 days'`,
      },
      sql`from generate_series(${from}::int, ${to}::int) u`,
    ),
  );
  await run(
    client,
    insertSelect(
      workspaceMembers,
      { workspaceId: userId(u), userId: userId(u), role: sql`'owner'` },
      sql`from generate_series(${from}::int, ${to}::int) u`,
    ),
  );
  const perUser = sql`from generate_series(${from}::int, ${to}::int) u, generate_series(0, ${REMINDERS_PER_USER - 1}::int) j`;
  await run(
    client,
    insertSelect(
      contacts,
      {
        id: contactId(u, j),
        workspaceId: userId(u),
        name: sql`'Contact ' || u || '-' || j`,
        email: sql`'g-c' || u || '-' || j || '@growth.example'`,
        phone: sql`'+1444' || lpad((u * ${REMINDERS_PER_USER} + j)::text, 7, '0')`,
        timezone: sql`'UTC'`,
        unsubscribeToken: sql`gen_random_uuid()::text`,
        deliveryMethod: sql`case when ${channelOf(j)} = 'email' then 'email' else 'sms' end`,
        whatsappConsentAt: sql`${start}::timestamptz`,
        whatsappConsentSource: sql`'in_person'`,
        createdAt: sql`${start}::timestamptz - interval '20 days'`,
      },
      perUser,
    ),
  );
  await run(
    client,
    insertSelect(
      reminders,
      {
        id: reminderId(u, j),
        workspaceId: userId(u),
        createdBy: userId(u),
        contactId: contactId(u, j),
        type: sql`'text'`,
        message: sql`'Growth reminder ' || j`,
        status: sql`'scheduled'`,
        deliveryMethod: channelOf(j),
        scheduleType: sql`'recurring'`,
        frequency: sql`'daily'`,
        time: sql`'09:00'`,
        timezone: sql`'UTC'`,
        // Not due while the benchmark runs: only its burst is.
        nextRunAt: sql`${end}::timestamptz + interval '2 days' + j * interval '1 minute'`,
        occurrencesSent: sql`${OCCURRENCES}::int`,
        // Some show their latest failure in the list (a lookup in the reminder's deliveries).
        lastError: sql`case when j % 9 = 4 then 'generated failure' end`,
        createdAt: sql`${start}::timestamptz - interval '10 days' + (u * ${REMINDERS_PER_USER} + j) * interval '1 second'`,
      },
      perUser,
    ),
  );

  // Occurrence k of every reminder of the range, k outermost: rows in time order.
  const users_ = to - from + 1;
  const perK = users_ * REMINDERS_PER_USER;
  const ksPerBatch = Math.max(1, Math.floor((options.batchRows ?? 500_000) / perK));
  const step = (SPAN_DAYS * 86_400) / OCCURRENCES;
  for (let k0 = 0; k0 < OCCURRENCES; k0 += ksPerBatch) {
    const k1 = Math.min(OCCURRENCES, k0 + ksPerBatch);
    const g = sql.raw("g");
    const col = (name: string) => sql.raw(`g.${name}`);
    const failed = sql`${col("h")} < 20`;
    const delivered = sql`not (${failed}) and ${col("channel")} <> 'email' and ${col("h")} % 7 <> 0`;
    const sentAt = sql`case when not (${failed}) then ${col("occ")} + (1 + ${col("h")} % 4) * interval '1 second' end`;
    const deliveredAt = sql`case when ${delivered} then ${col("occ")} + (6 + ${col("h")} % 4) * interval '1 second' end`;
    const generated = sql`(
      select n, k, u, j, ${channelOf(j)} as channel,
             ((u::bigint * 7919 + j * 104729 + k::bigint * 15485863) % 1000)::int as h,
             ${start}::timestamptz + k * ${step}::float8 * interval '1 second' + j * interval '7 minutes'
               + (u % 3600) * interval '1 second' as occ
        from (select n, ${k0}::int + n / ${perK} as k, ${from}::int + (n / ${REMINDERS_PER_USER}) % ${users_} as u,
                     n % ${REMINDERS_PER_USER} as j
                from generate_series(0, ${(k1 - k0) * perK - 1}::int) n) i) ${g}`;
    const insertDeliveries = insertSelect(
      deliveries,
      {
        reminderId: reminderId(col("u"), col("j")),
        workspaceId: userId(col("u")),
        contactId: contactId(col("u"), col("j")),
        occurrenceAt: col("occ"),
        channel: col("channel"),
        status: sql`case when ${failed} then 'failed' when ${delivered} then 'delivered' else 'sent' end`,
        // 6 in 1,000 skipped for an opt-out; the rest of the 2 % failures the provider's refusal.
        errorCode: sql`case when ${col("h")} < 6 then 'opted_out' when ${failed} then
          (case ${col("channel")} when 'email' then '550' when 'call' then 'no_answer' else '30003' end) end`,
        error: sql`case when ${failed} then 'generated failure' end`,
        attemptCount: sql`case when ${failed} and ${col("h")} >= 6 then 3 else 1 end`,
        firstAttemptAt: col("occ"),
        lastAttemptAt: sql`${col("occ")} + case when ${failed} and ${col("h")} >= 6 then interval '30 minutes' else interval '0' end`,
        sentAt,
        deliveredAt,
        providerMessageId: sql`case when not (${failed}) then 'SMg' || ${col("u")} || 'x' || ${col("j")} || 'x' || ${col("k")} end`,
        callOutcome: sql`case when ${delivered} and ${col("channel")} = 'call' then
          (case when ${col("h")} % 3 = 0 then 'voicemail' else 'answered' end) end`,
        createdAt: col("occ"),
        updatedAt: sql`coalesce(${deliveredAt}, ${sentAt}, ${col("occ")})`,
      },
      sql`from ${generated} order by ${col("n")}`,
    );
    const d = (name: string) => sql.raw(`d.${name}`);
    // One in ten delivered SMS and WhatsApp messages is answered.
    const insertReplies = insertSelect(
      deliveryReplies,
      {
        deliveryId: d("id"),
        deliveryOccurrenceAt: d("occurrence_at"),
        reminderId: d("reminder_id"),
        workspaceId: d("workspace_id"),
        channel: d("channel"),
        body: sql`(array['Yes', 'No', 'Later', 'Thanks!'])[1 + d.id % 4]`,
        action: sql`(array['confirm', 'decline', 'snooze', 'none'])[1 + d.id % 4]`,
        providerMessageId: sql`'SMr' || d.id`,
        receivedAt: sql`d.sent_at + interval '10 minutes'`,
      },
      sql`from d where d.channel in ('sms', 'whatsapp') and d.status = 'delivered' and d.id % 10 = 7`,
    );
    await run(
      client,
      sql`with d as (${insertDeliveries} returning ${deliveries.id}, ${deliveries.reminderId}, ${deliveries.workspaceId},
            ${deliveries.channel}, ${deliveries.status}, ${deliveries.sentAt}, ${deliveries.occurrenceAt})
          ${insertReplies}`,
    );
    options.onBatch?.((k1 - k0) * perK);
  }
}

/** A session for each of users `from`..`to` (the measured ones): each user's number, id and cookie value. */
export async function growthSessions(client: Pick<pg.ClientBase, "query">, from: number, to: number) {
  const out: { user: number; id: string; token: string }[] = [];
  for (let n = from; n <= to; n++) {
    const token = randomBytes(24).toString("hex");
    await run(
      client,
      insertSelect(
        sessions,
        {
          sessionToken: sql`${token}::text`,
          userId: sql`${growthUserId(n)}::text`,
          expires: sql`now() + interval '1 day'`,
        },
        sql``,
      ),
    );
    out.push({ user: n, id: growthUserId(n), token });
  }
  return out;
}

/** User n's reminder j (the History target), as the generator names it. */
export const growthReminderId = (user: number, j: number) => `g-r${user}-${j}`;
export const growthUserId = (user: number) => `g-u${user}`;
