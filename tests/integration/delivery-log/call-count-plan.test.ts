import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { activityQuery } from "@/lib/activity/list-activity";
import { db } from "@/lib/db";
import { asPartitionedPlan, planNodes, type PlanNode } from "../../support/query-plan";
import { createContact, insertReminder } from "../../support/reminders";
import { createSignedInUser } from "../../support/users";

async function planOf(query: ReturnType<typeof activityQuery>): Promise<PlanNode[]> {
  const { sql: text, params } = query.toSQL();
  const result = await db.$client.query<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(
    `explain (format json) ${text}`,
    params,
  );
  return asPartitionedPlan(db.$client, planNodes(result.rows[0]["QUERY PLAN"][0].Plan));
}

/**
 * A page of the activity log counts each call delivery's calls placed: 50 index lookups in
 * delivery_calls, never a scan of every call the accounts placed.
 */
describe("the calls placed of a page come from the delivery index", () => {
  let userId = "";

  beforeAll(async () => {
    const { user } = await createSignedInUser();
    userId = user.id;
    const contact = await createContact(user.id);
    const reminder = await insertReminder(user.id, contact.id, { deliveryMethod: "call" });
    await db.execute(sql`
      insert into deliveries (reminder_id, workspace_id, contact_id, occurrence_at, channel, status, sent_at, attempt_count)
      select ${reminder.id}, ${user.id}, ${contact.id}, now() - (g || ' minutes')::interval, 'call', 'delivered',
             now() - (g || ' minutes')::interval, 1
      from generate_series(1, 4000) as g`);
    await db.execute(sql`
      insert into delivery_calls (call_sid, delivery_id, delivery_occurrence_at, workspace_id, status)
      select 'CA' || d.id || '-' || n, d.id, d.occurrence_at, d.workspace_id, 'completed'
      from deliveries d, generate_series(1, 3) as n
      where d.workspace_id = ${user.id}`);
    await db.execute(sql`analyze deliveries`);
    await db.execute(sql`analyze delivery_calls`);
  });

  it("reads delivery_calls through delivery_calls_delivery_idx, never by a scan of the table", async () => {
    const plan = await planOf(activityQuery(userId, {}, 50));
    const onCalls = plan.filter((node) => node["Relation Name"] === "delivery_calls");
    expect(onCalls.length).toBeGreaterThan(0);
    expect(onCalls.map((node) => node["Node Type"])).not.toContain("Seq Scan");
    expect(plan.map((node) => node["Index Name"])).toContain("delivery_calls_delivery_idx");
  });

  it("counts them right", async () => {
    const rows = await activityQuery(userId, {}, 2);
    expect(rows.map((row) => row.callsPlaced)).toEqual([3, 3, 3]);
  });
});
