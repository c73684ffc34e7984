import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { contacts, users, workspaces } from "@/db/schema";

describe("database invariants", () => {
  it("applies migrations and enforces CHECK constraints", async () => {
    const [user] = await db.insert(users).values({ email: "a@example.com" }).returning();
    expect(user.timezone).toBe("UTC");
    const [workspace] = await db.insert(workspaces).values({ id: user.id, name: "A" }).returning();
    expect(workspace.planType).toBe("trial");
    await expect(db.insert(contacts).values({ workspaceId: workspace.id, name: "No address" })).rejects.toThrow();
    await expect(
      db.execute(sql`update workspaces set reminders_used_current_period = -1 where id = ${workspace.id}`),
    ).rejects.toMatchObject({ cause: { constraint: "workspaces_used_check" } });
    const count = await db.$count(contacts);
    expect(count).toBe(0);
  });

  it("runs each file on its own database", async () => {
    const result = await db.execute<{ name: string }>(sql`select current_database() as name`);
    expect(result.rows[0].name).toMatch(/^remindful_test_/);
  });
});
