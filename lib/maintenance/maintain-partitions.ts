import "server-only";
import type pg from "pg";
import { sql } from "drizzle-orm";
import { alias, PgDialect } from "drizzle-orm/pg-core";
import type { PartitionedTable, RetentionFamily } from "@/config/retention";
import { deliveries, deliveryMonthlyTotals } from "@/db/schema";
import { columnName } from "@/lib/db/compile-statement";
import { withTransaction } from "@/lib/db/with-transaction";
import {
  addMonths,
  monthExpired,
  monthOf,
  monthOfPartition,
  monthStart,
  monthSuffix,
  retentionCutoff,
  type Month,
} from "./partition-months";
import type { RetentionPolicy } from "./retention-policy";

export interface PartitionReport {
  /** Month partitions made (every table of a family for each month). */
  created: string[];
  /** Rows filed from a default partition into the month made for them. */
  moved: number;
  /** Month partitions dropped, children first. */
  dropped: string[];
  /** delivery_monthly_totals rows written for the months dropped. */
  totals: number;
}

/** Apart from every other advisory lock: two runs never work on one family at once. */
const MAINTENANCE_LOCK_SPACE = 72_033_001;

/** How long a run waits for a table lock before it gives up (the engine must not queue behind it). */
const LOCK_TIMEOUT = "5s";

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (at: Date) => `'${at.toISOString()}'`;

async function existingMonths(client: pg.PoolClient, parent: PartitionedTable): Promise<Month[]> {
  const { rows } = await client.query<{ name: string }>(
    `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = $1::regclass`,
    [parent.table],
  );
  return rows.map((r) => monthOfPartition(parent.table, r.name)).filter((m): m is Month => m !== null);
}

/** Months of the rows waiting in the parent's default partition (normally none). */
async function defaultMonths(client: pg.PoolClient, parent: PartitionedTable): Promise<Month[]> {
  const { rows } = await client.query<{ at: Date }>(
    `select distinct date_trunc('month', ${ident(parent.key)}, 'UTC') as at from ${ident(`${parent.table}_default`)}`,
  );
  return rows.map((r) => monthOf(r.at));
}

/**
 * Makes one month's partition of every table of the family. Rows of that month waiting in a
 * default partition are copied into the new (still detached) tables and deleted from the
 * defaults (children first, so no cascade runs) before the tables are attached, parent first:
 * a default partition may not hold rows of a month being attached.
 */
async function createMonth(client: pg.PoolClient, family: RetentionFamily, month: Month): Promise<number> {
  const from = literal(monthStart(month));
  const to = literal(monthStart(addMonths(month, 1)));
  let moved = 0;
  for (const { table, key } of family.tables) {
    const name = ident(`${table}_${monthSuffix(month)}`);
    await client.query(
      `create table ${name} (like ${ident(table)} including defaults including constraints)`,
    );
    const copied = await client.query(
      `insert into ${name} select * from ${ident(`${table}_default`)}
        where ${ident(key)} >= ${from} and ${ident(key)} < ${to}`,
    );
    moved += copied.rowCount ?? 0;
  }
  for (const { table, key } of [...family.tables].reverse()) {
    if (moved === 0) break;
    await client.query(
      `delete from ${ident(`${table}_default`)} where ${ident(key)} >= ${from} and ${ident(key)} < ${to}`,
    );
  }
  for (const { table } of family.tables) {
    await client.query(
      `alter table ${ident(table)} attach partition ${ident(`${table}_${monthSuffix(month)}`)}
         for values from (${from}) to (${to})`,
    );
  }
  return moved;
}

const t = deliveryMonthlyTotals;
const d = alias(deliveries, "d");
const dialect = new PgDialect({ casing: "snake_case" });

/**
 * Counts a month of deliveries into delivery_monthly_totals, per workspace (added to what an
 * earlier drop wrote). The month's partition is named at run time; its columns are the
 * deliveries table's.
 */
async function totalMonth(client: pg.PoolClient, month: Month): Promise<number> {
  const partition = sql`${sql.identifier(`deliveries_${monthSuffix(month)}`)} ${d}`;
  const { sql: text } = dialect.sqlToQuery(sql`insert into ${t}
      (${columnName(t.workspaceId)}, ${columnName(t.month)}, ${columnName(t.channel)}, ${columnName(t.status)},
       ${columnName(t.count)})
     select ${d.workspaceId}, ${sql.raw(literal(monthStart(month)))}::timestamptz, ${d.channel}, ${d.status}, count(*)::int
       from ${partition} group by ${d.workspaceId}, ${d.channel}, ${d.status}
     on conflict (${columnName(t.workspaceId)}, ${columnName(t.month)}, ${columnName(t.channel)}, ${columnName(t.status)})
       do update set ${columnName(t.count)} = ${t.count} + excluded.${columnName(t.count)}`);
  const { rowCount } = await client.query(text);
  return rowCount ?? 0;
}

async function dropMonth(client: pg.PoolClient, family: RetentionFamily, month: Month): Promise<string[]> {
  const dropped: string[] = [];
  for (const { table } of [...family.tables].reverse()) {
    const name = `${table}_${monthSuffix(month)}`;
    await client.query(`alter table ${ident(table)} detach partition ${ident(name)}`);
    await client.query(`drop table ${ident(name)}`);
    dropped.push(name);
  }
  return dropped;
}

/**
 * The daily partition upkeep, one transaction per family: makes the months from the current one
 * to `monthsAhead` ahead, and a month for rows waiting in a default partition (a clock far off,
 * a date outside the months made), moving them into it; then, for each month past retention,
 * counts its deliveries into delivery_monthly_totals and detaches and drops it, children first.
 * Rows leave only by whole partitions, never by DELETE (the default partition's rows are moved).
 */
export async function maintainPartitions(now: Date, policy: RetentionPolicy): Promise<PartitionReport> {
  const report: PartitionReport = { created: [], moved: 0, dropped: [], totals: 0 };
  const current = monthOf(now);
  for (const [index, { family, keep }] of policy.families.entries()) {
    await withTransaction(async (client) => {
      await client.query("select pg_advisory_xact_lock($1::int, $2::int)", [MAINTENANCE_LOCK_SPACE, index]);
      // Attach and detach wait for every open transaction on the table, and every statement that
      // comes after queues behind them: give up instead (the next run tries again).
      await client.query(`set local lock_timeout = '${LOCK_TIMEOUT}'`);
      const parent = family.tables[0];
      const have = new Set((await existingMonths(client, parent)).map(monthSuffix));
      const wanted = [
        ...Array.from({ length: policy.monthsAhead + 1 }, (_, n) => addMonths(current, n)),
        ...(await defaultMonths(client, parent)),
      ];
      for (const month of wanted) {
        if (have.has(monthSuffix(month))) continue;
        report.moved += await createMonth(client, family, month);
        report.created.push(...family.tables.map(({ table }) => `${table}_${monthSuffix(month)}`));
        have.add(monthSuffix(month));
      }
      const cutoff = retentionCutoff(now, keep);
      const expired = (await existingMonths(client, parent)).filter((month) => monthExpired(month, cutoff));
      for (const month of expired) {
        if (family.name === "deliveries") report.totals += await totalMonth(client, month);
        report.dropped.push(...(await dropMonth(client, family, month)));
      }
    });
  }
  return report;
}
