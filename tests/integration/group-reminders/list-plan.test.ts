import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { listReminders, reminderPageQuery, type PageQuery } from "@/lib/reminders/list-reminders";
import { createGroup } from "../../support/group-reminders";
import { planNodes, type PlanNode } from "../../support/query-plan";
import { createContact } from "../../support/reminders";
import { createSignedInUser } from "../../support/users";

const MEMBERS = 5000;

async function planOf(userId: string, query: PageQuery): Promise<PlanNode[]> {
  const { sql: text, params } = reminderPageQuery(userId, query).toSQL();
  const result = await db.$client.query<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(
    `explain (format json) ${text}`,
    params,
  );
  return planNodes(result.rows[0]["QUERY PLAN"][0].Plan, { subPlans: false });
}

describe("the reminders list with a large group reminder", () => {
  let userId = "";

  beforeAll(async () => {
    const { user } = await createSignedInUser();
    userId = user.id;
    const contact = await createContact(user.id);
    const group = await createGroup(user.id, [contact.id]);
    await db.execute(sql`
      insert into contacts (id, workspace_id, name, email, delivery_method, unsubscribe_token)
      select ${user.id} || '-c' || g, ${user.id}, 'Member ' || g, 'm' || g || '@example.com', 'email',
             gen_random_uuid()::text
        from generate_series(1, ${MEMBERS}) as g`);
    // Reminders made before the group's, then the group reminder and its members (one instant).
    await db.execute(sql`
      insert into reminders (id, workspace_id, contact_id, type, message, status, delivery_method, schedule_type,
                             scheduled_for, next_run_at, created_at)
      select gen_random_uuid()::text, ${user.id}, ${contact.id}, 'text', 'm' || g,
             case when g % 4 = 0 then 'sent' else 'scheduled' end, 'email', 'once',
             now() + interval '2 days', now() + interval '2 days', now() - (g || ' minutes')::interval
        from generate_series(1, 300) as g`);
    await db.execute(sql`
      insert into reminders (id, workspace_id, group_id, recipient, group_timing, type, message, status,
                             delivery_method, schedule_type, scheduled_for, next_run_at)
      values (${user.id} || '-group', ${user.id}, ${group.id}, 'group', 'local_time', 'text', 'Hi', 'scheduled',
              'email', 'once', now() + interval '1 day', now() + interval '1 day')`);
    await db.execute(sql`
      insert into reminders (id, workspace_id, contact_id, parent_reminder_id, type, message, status, delivery_method,
                             schedule_type, scheduled_for, next_run_at)
      select ${user.id} || '-m' || g, ${user.id}, ${user.id} || '-c' || g, ${user.id} || '-group', 'text', 'Hi',
             'scheduled', 'email', 'once', now() + interval '1 day', now() + interval '1 day'
        from generate_series(1, ${MEMBERS}) as g`);
    await db.execute(sql`vacuum analyze reminders`);
  });

  it.each([
    ["all statuses", { status: "all", view: "recent" }, "reminders_workspace_created_id_idx"],
    ["one status", { status: "sent", view: "recent" }, "reminders_workspace_status_created_idx"],
  ] as const)("%s: still read from the keyset index, no sort", async (_label, shape, index) => {
    const plan = await planOf(userId, { ...shape, limit: 50 });
    expect(plan.map((n) => n["Node Type"])).not.toContain("Sort");
    expect(plan.map((n) => n["Index Name"])).toContain(index);
  });

  it("walks the list page by page: the group reminder once, no member reminder", async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await listReminders(userId, { status: "all", view: "recent", limit: 100, cursor });
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toHaveLength(301);
    expect(new Set(seen).size).toBe(301);
    expect(seen[0]).toBe(`${userId}-group`);
    expect(seen.filter((id) => id.includes("-m"))).toEqual([]);
  });
});
