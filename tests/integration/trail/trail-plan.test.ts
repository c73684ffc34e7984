import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { integerIdCursor } from "@/lib/db/keyset-cursor";
import { trailPageQuery } from "@/lib/trail/trail-page-query";
import type { TrailFilter } from "@/lib/validations/trail";
import { asPartitionedPlan, planNodes, type PlanNode } from "../../support/query-plan";
import { createSignedInUser } from "../../support/users";

/** PostgreSQL's plan for a page's statement (EXPLAIN only: nothing timed), read over the partitioned table. */
async function planOf(query: ReturnType<typeof trailPageQuery>): Promise<PlanNode[]> {
  const { sql: text, params } = query.toSQL();
  const result = await db.$client.query<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(
    `explain (format json) ${text}`,
    params,
  );
  return asPartitionedPlan(db.$client, planNodes(result.rows[0]["QUERY PLAN"][0].Plan));
}

describe("a page of the trail is read from the (workspace_id, created_at, id) index", () => {
  let workspaceId = "";
  let actorId = "";

  beforeAll(async () => {
    const busy = await createSignedInUser();
    const other = await createSignedInUser();
    workspaceId = busy.workspace.id;
    actorId = busy.user.id;
    // 20,000 lines a workspace over this month, the next and the months before (the default
    // partition): mostly reminders, some contacts; another workspace's as many beside them.
    for (const owner of [busy, other]) {
      await db.execute(sql`
        insert into workspace_events (workspace_id, actor_id, actor_name, kind, subject_id, details, created_at)
        select ${owner.workspace.id}, case when g % 10 = 0 then null else ${owner.user.id} end, 'Someone',
               case when g % 50 = 0 then 'contact.created' when g % 7 = 0 then 'reminder.cancelled'
                    else 'reminder.created' end,
               'r' || g, '{}'::jsonb, now() + interval '40 days' - (g * interval '10 minutes')
        from generate_series(1, 20000) as g`);
    }
    await db.execute(sql`analyze workspace_events`);
  });

  const cursorAt = async () => {
    const [row] = await trailPageQuery(workspaceId, {}, 1000);
    return integerIdCursor.encode(row.createdAt.toISOString(), row.id);
  };

  it.each<[string, TrailFilter]>([
    ["no filter", {}],
    ["one person", { actorId: "placeholder" }],
    ["one group of kinds", { kind: "contacts" }],
    ["a person and a group of kinds", { actorId: "placeholder", kind: "reminders" }],
  ])("%s: the index in its order, no sort, no scan of a month", async (_label, filter) => {
    const query = { ...filter, ...(filter.actorId ? { actorId } : {}) };
    for (const cursor of [undefined, await cursorAt()]) {
      const plan = await planOf(trailPageQuery(workspaceId, { ...query, cursor }, 51));
      const onEvents = plan.filter((node) => node["Relation Name"] === "workspace_events");
      expect(onEvents.length).toBeGreaterThan(0);
      for (const node of onEvents) {
        expect(node["Node Type"]).toMatch(/^Index (Only )?Scan$/);
        expect(node["Index Name"]).toBe("workspace_events_workspace_created_idx");
      }
      expect(plan.map((node) => node["Node Type"])).not.toContain("Sort");
      expect(plan.map((node) => node["Node Type"])).not.toContain("Seq Scan");
    }
  });
});
