import { fillPlaceholders, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { contactListQuery } from "@/lib/contacts/contact-list-query";
import { planNodes, type PlanNode } from "../../support/query-plan";
import { createSignedInUser } from "../../support/users";

async function explain(text: string, params: unknown[] = []): Promise<PlanNode> {
  const result = await db.$client.query<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(text, params);
  return result.rows[0]["QUERY PLAN"][0].Plan;
}

/** The list's statement with the user's id, as the first executions of the prepared one plan it. */
const customPlan = (userId: string) => {
  const { sql: text, params } = contactListQuery.toSQL();
  return explain(`explain (format json) ${text}`, fillPlaceholders(params, { userId }));
};

/** The one plan PostgreSQL may reuse for any user after five executions of the prepared statement. */
const genericPlan = () => explain(`explain (generic_plan, format json) ${contactListQuery.toSQL().sql}`);

describe("the contacts list computes its counts in one pass, not per contact", () => {
  let userId = "";

  beforeAll(async () => {
    const { user } = await createSignedInUser();
    const other = await createSignedInUser();
    userId = user.id;
    // As bench:web: 1,000 contacts with ten reminders each (one in ten cancelled), and another
    // user's as many in the same tables.
    for (const owner of [user.id, other.user.id]) {
      await db.execute(sql`
        insert into contacts (id, user_id, name, email, delivery_method, unsubscribe_token)
        select gen_random_uuid()::text, ${owner}, 'Contact ' || g, 'c' || g || '@example.com', 'email',
               gen_random_uuid()::text
        from generate_series(1, 1000) as g`);
      await db.execute(sql`
        insert into reminders (id, user_id, contact_id, type, message, status, delivery_method, schedule_type,
                               scheduled_for, next_run_at)
        select gen_random_uuid()::text, ${owner}, c.id, 'text', 'm' || g,
               case when g % 10 = 0 then 'cancelled' else 'scheduled' end, 'email', 'once',
               now() + (g || ' minutes')::interval, now() + (g || ' minutes')::interval
        from contacts c cross join generate_series(1, 10) as g
        where c.user_id = ${owner}`);
    }
    // Two groups of 500 members each per user.
    for (const owner of [user.id, other.user.id]) {
      await db.execute(sql`
        with g as (
          insert into contact_groups (id, user_id, name)
          select gen_random_uuid()::text, ${owner}, 'Group ' || n from generate_series(1, 2) as n
          returning id, name
        )
        insert into contact_group_members (group_id, contact_id, user_id)
        select g.id, c.id, ${owner}
        from g join contacts c on c.user_id = ${owner}
          and (right(c.name, 1)::int % 2 = 0) = (g.name = 'Group 1')`);
    }
    // The state autovacuum leaves a minute after a bulk load: statistics and the visibility map.
    await db.execute(sql`vacuum analyze contacts, reminders, contact_group_members`);
  });

  it.each([
    ["the user's plan", () => customPlan(userId)],
    ["the prepared statement's generic plan", genericPlan],
  ])("%s: no sub-query per contact, the counts from the partial index alone", async (_label, planOf) => {
    const plan = planNodes(await planOf());
    expect(plan.filter((n) => n["Parent Relationship"] === "SubPlan")).toEqual([]);
    expect(plan.find((n) => n["Index Name"] === "reminders_workspace_contact_live_idx")?.["Node Type"]).toBe(
      "Index Only Scan",
    );
    // Each contact's groups: one pass over the memberships (from the index, or a scan of so few rows).
    expect(plan.filter((n) => n["Relation Name"] === "contact_group_members")).toHaveLength(1);
  });
});
