import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET } from "@/app/api/reminders/route";
import { db } from "@/lib/db";
import { callRoute } from "../../support/call-route";
import { createContact } from "../../support/reminders";
import { createSignedInUser } from "../../support/users";

describe("GET /api/reminders with 10,000 reminders", () => {
  it("walks every reminder exactly once, page by page, in both views", async () => {
    const { user, cookie } = await createSignedInUser();
    const contact = await createContact(user.id);
    // Many rows share a created_at (one statement): the cursor's tie-break on id must hold.
    await db.execute(sql`
      insert into reminders (id, workspace_id, contact_id, type, message, status, delivery_method, schedule_type,
                             scheduled_for, next_run_at, created_at)
      select gen_random_uuid()::text, ${user.id}, ${contact.id}, 'text', 'm' || g,
             case when g % 3 = 0 then 'sent' else 'scheduled' end, 'email', 'once',
             now() + (g || ' minutes')::interval,
             case when g % 3 = 0 then null else now() + ((g % 500) || ' minutes')::interval end,
             now() - ((g % 100) || ' seconds')::interval
      from generate_series(1, 10000) as g`);

    async function walk(query: Record<string, string>) {
      const ids: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res: { status: number; json: { id: string }[]; headers: Headers } = await callRoute<
          { id: string }[]
        >(GET, "/api/reminders", {
          cookie,
          query: { ...query, limit: "200", ...(cursor ? { cursor } : {}) },
        });
        expect(res.status).toBe(200);
        expect(res.json.length).toBeLessThanOrEqual(200);
        ids.push(...res.json.map((r) => r.id));
        cursor = res.headers.get("x-next-cursor");
        pages += 1;
      } while (cursor);
      return { ids, pages };
    }

    const all = await walk({});
    expect(all.ids).toHaveLength(10_000);
    expect(new Set(all.ids).size).toBe(10_000);
    expect(all.pages).toBe(50);

    const schedule = await walk({ view: "schedule" });
    expect(schedule.ids).toHaveLength(6667);
    expect(new Set(schedule.ids).size).toBe(6667);

    // The first page without a limit is a plain array, 50 long.
    const first = await callRoute<unknown[]>(GET, "/api/reminders", { cookie });
    expect(Array.isArray(first.json)).toBe(true);
    expect(first.json).toHaveLength(50);
    expect(first.headers.get("x-next-cursor")).toBeTruthy();
  });
});
