import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { contacts, users } from "@/db/schema";

describe("database invariants", () => {
  it("applies migrations and enforces CHECK constraints", async () => {
    const [user] = await db.insert(users).values({ email: "a@example.com" }).returning();
    expect(user.planType).toBe("trial");
    expect(user.timezone).toBe("UTC");
    await expect(db.insert(contacts).values({ userId: user.id, name: "No address" })).rejects.toThrow();
    await expect(
      db.execute(sql`update users set reminders_used_current_period = -1 where id = ${user.id}`),
    ).rejects.toMatchObject({ cause: { constraint: "users_used_check" } });
    const count = await db.$count(contacts);
    expect(count).toBe(0);
  });

  it("runs each file on its own database", async () => {
    const result = await db.execute<{ name: string }>(sql`select current_database() as name`);
    expect(result.rows[0].name).toMatch(/^remindful_test_/);
  });
});
