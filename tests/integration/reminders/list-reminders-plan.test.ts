import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { textIdCursor } from "@/lib/db/keyset-cursor";
import { reminderPageQuery, reminderPageTemplate, type PageQuery } from "@/lib/reminders/list-reminders";
import { createContact } from "../../support/reminders";
import { planNodes, type PlanNode } from "../../support/query-plan";
import { createSignedInUser } from "../../support/users";

/** PostgreSQL's plan for the statement a list page runs (EXPLAIN only: nothing timed). */
async function planOf(query: ReturnType<typeof reminderPageQuery>): Promise<PlanNode[]> {
  const { sql: text, params } = query.toSQL();
  const result = await db.$client.query<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(
    `explain (format json) ${text}`,
    params,
  );
  return planNodes(result.rows[0]["QUERY PLAN"][0].Plan, { subPlans: false });
}

/**
 * The plan PostgreSQL may settle on for the prepared statement (after five executions it can
 * reuse one plan for any values): it must read the index too.
 */
async function genericPlanOf(query: PageQuery): Promise<PlanNode[]> {
  const { sql: text } = reminderPageTemplate(query).toSQL();
  const result = await db.$client.query<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(
    `explain (generic_plan, format json) ${text}`,
  );
  return planNodes(result.rows[0]["QUERY PLAN"][0].Plan, { subPlans: false });
}

describe("the reminders list reads a page from an index", () => {
  let userId = "";

  beforeAll(async () => {
    const { user } = await createSignedInUser();
    const other = await createSignedInUser();
    userId = user.id;
    const contact = await createContact(user.id);
    const otherContact = await createContact(other.user.id);
    // One statement: every row shares a created_at, as after an import, so the order falls
    // to the id tie-break; another user's rows sit in the same table.
    for (const [owner, contactId] of [
      [user.id, contact.id],
      [other.user.id, otherContact.id],
    ]) {
      await db.execute(sql`
        insert into reminders (id, user_id, contact_id, type, message, status, delivery_method, schedule_type,
                               scheduled_for, next_run_at)
        select gen_random_uuid()::text, ${owner}, ${contactId}, 'text', 'm' || g,
               case when g % 4 = 0 then 'sent' else 'scheduled' end, 'email', 'once',
               now() + (g || ' minutes')::interval,
               case when g % 4 = 0 then null else now() + (g || ' minutes')::interval end
        from generate_series(1, 5000) as g`);
    }
    await db.execute(sql`analyze reminders`);
  });

  it.each([
    ["all statuses", "all", "reminders_workspace_created_id_idx"],
    ["one status", "sent", "reminders_workspace_status_created_idx"],
  ] as const)("%s: no sort of the user's rows, the keyset index instead", async (_label, status, index) => {
    const plan = await planOf(reminderPageQuery(userId, { status, view: "recent", limit: 50 }));
    expect(plan.map((n) => n["Node Type"])).not.toContain("Sort");
    expect(plan.map((n) => n["Node Type"])).not.toContain("Incremental Sort");
    expect(plan.map((n) => n["Index Name"])).toContain(index);
  });

  it("a later page (with a cursor) too", async () => {
    const cursor = textIdCursor.encode(new Date().toISOString(), "m");
    const plan = await planOf(
      reminderPageQuery(userId, { status: "all", view: "recent", limit: 50, cursor }),
    );
    expect(plan.map((n) => n["Node Type"])).not.toContain("Sort");
    expect(plan.map((n) => n["Index Name"])).toContain("reminders_workspace_created_id_idx");
  });

  it.each([
    ["all statuses, first page", { status: "all", view: "recent" }, "reminders_workspace_created_id_idx"],
    [
      "one status, later page",
      { status: "sent", view: "recent", cursor: "x" },
      "reminders_workspace_status_created_idx",
    ],
  ] as const)("%s: the prepared statement's generic plan has no sort", async (_, shape, index) => {
    const plan = await genericPlanOf({ limit: 50, ...shape });
    expect(plan.map((n) => n["Node Type"])).not.toContain("Sort");
    expect(plan.map((n) => n["Node Type"])).not.toContain("Incremental Sort");
    expect(plan.map((n) => n["Index Name"])).toContain(index);
  });
});
