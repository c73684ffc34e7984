import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pool } from "@/lib/db";
import { ADVANCE_REMINDERS } from "@/lib/delivery/materialize-rows";
import { RECORD_SENT } from "@/lib/delivery/record-outcomes";
import { seedDue } from "../../support/bench-kit";
import { asPartitionedPlan, planNodes, type PlanNode } from "../../support/query-plan";

/**
 * Runs EXPLAIN (ANALYZE when asked: the update runs) inside a transaction that is rolled back;
 * partitions read as their table unless `partitions` asks for their own names.
 */
async function planOf(
  statement: string,
  params: unknown[],
  analyze = false,
  partitions = false,
): Promise<PlanNode[]> {
  const client = await pool.connect();
  try {
    await client.query("begin");
    const { rows } = await client.query<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(
      `explain (${analyze ? "analyze, " : ""}format json) ${statement}`,
      params,
    );
    const nodes = planNodes(rows[0]["QUERY PLAN"][0].Plan);
    return partitions ? nodes : await asPartitionedPlan(client, nodes);
  } finally {
    await client.query("rollback");
    client.release();
  }
}

const WORKER = "worker-plans";
const MINE = 200;
const OTHERS = 1_400;

/**
 * A burst as the engine sees it: 20,000 due reminders (planner statistics taken), 1,600 deliveries
 * leased by several batches, 200 of them by this worker. The engine's per-batch writes must read
 * their rows by primary key, not scan the table or every leased row for each statement.
 */
/** RECORD_SENT's bounds of the group's occurrences (`from`, `to`: one millisecond past the last). */
function span(occurrences: Date[]): [Date, Date] {
  const times = occurrences.map((at) => at.getTime());
  return [new Date(Math.min(...times)), new Date(Math.max(...times) + 1)];
}

describe("the engine's hot statements read their rows by primary key", () => {
  let reminderIds: string[] = [];
  let myDeliveries: number[] = [];
  const occurrenceOf = new Map<number, Date>();

  beforeAll(async () => {
    await seedDue(pool, { reminders: 20_000, users: 200, dueAt: new Date(Date.now() - 60_000) });
    const { rows } = await pool.query<{ id: string; worker_id: string; occurrence_at: Date }>(
      `insert into deliveries (reminder_id, workspace_id, contact_id, occurrence_at, channel, status, worker_id,
                               lease_expires_at, attempt_count, created_at, updated_at)
       select r.id, r.workspace_id, r.contact_id, r.next_run_at, r.delivery_method, 'sending',
              case when n <= $1 then $2 else 'other-' || (n % 7) end, now() + interval '30 seconds', 1, now(), now()
         from (select r.*, row_number() over (order by r.id) as n from reminders r) r
        where n <= $1 + $3
       returning id, worker_id, occurrence_at`,
      [MINE, WORKER, OTHERS],
    );
    myDeliveries = rows.filter((r) => r.worker_id === WORKER).map((r) => Number(r.id));
    for (const r of rows) occurrenceOf.set(Number(r.id), r.occurrence_at);
    const reminders = await pool.query<{ id: string }>("select id from reminders order by id limit 200");
    reminderIds = reminders.rows.map((r) => r.id);
    await pool.query("analyze");
  });

  afterAll(async () => {
    await pool.query("delete from deliveries");
  });

  it("moving a batch of reminders to their next occurrence does not read the whole table", async () => {
    const plan = await planOf(ADVANCE_REMINDERS.text, [reminderIds, reminderIds.map(() => null), new Date()]);
    const onReminders = plan.filter((n) => n["Relation Name"] === "reminders");
    expect(onReminders.map((n) => n["Node Type"])).not.toContain("Seq Scan");
    expect(plan.map((n) => n["Index Name"])).toContain("reminders_pkey");
  });

  it("recording a group of sends reads only that group's deliveries", async () => {
    const group = myDeliveries.slice(0, 40);
    const plan = await planOf(
      RECORD_SENT.text,
      [
        group,
        ...span(group.map((id) => occurrenceOf.get(id)!)),
        group.map((id) => `<delivery-${id}@plans>`),
        WORKER,
        new Date(),
        group.map(() => false),
        group.map(() => null),
      ],
      true,
    );
    // The scan of deliveries yields the group's rows, not every leased row to be filtered in a join.
    const reads = plan.filter((n) => n["Relation Name"] === "deliveries" && n["Node Type"] !== "ModifyTable");
    expect(reads.length).toBeGreaterThan(0);
    for (const read of reads) expect(read["Actual Rows"]).toBeLessThanOrEqual(group.length);
    expect(plan.every((n) => (n["Rows Removed by Join Filter"] ?? 0) === 0)).toBe(true);
    const updated = plan.find((n) => n["Node Type"] === "ModifyTable" && n["Relation Name"] === "deliveries");
    // And it did record the whole group (the update returns one row per delivery it wrote).
    expect(updated?.["Actual Rows"]).toBe(group.length);
  });

  it("recording a group of sends reads only the months its deliveries are in", async () => {
    const group = myDeliveries.slice(0, 40);
    const month = occurrenceOf.get(group[0])!.toISOString().slice(0, 7).replace("-", "_");
    const plan = await planOf(
      RECORD_SENT.text,
      [
        group,
        ...span(group.map((id) => occurrenceOf.get(id)!)),
        group.map((id) => `<delivery-${id}@plans>`),
        WORKER,
        new Date(),
        group.map(() => false),
        group.map(() => null),
      ],
      false,
      true,
    );
    const months = new Set(
      plan.map((n) => n["Relation Name"]).filter((name) => name?.startsWith("deliveries_")),
    );
    expect([...months]).toEqual([`deliveries_${month}`]);
  });
});
