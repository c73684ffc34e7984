import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST } from "@/app/api/contacts/import/route";
import { contacts } from "@/db/schema";
import { db } from "@/lib/db";
import { parseContactsCsv } from "@/lib/contacts/parse-contacts-csv";
import { callRoute } from "../../helpers/call-route";
import { createSignedInUser } from "../../helpers/users";

const rowsOf = (userId: string) => db.select().from(contacts).where(eq(contacts.userId, userId));

function importRows(cookie: string, rows: unknown[]) {
  return callRoute(POST, "/api/contacts/import", { method: "POST", cookie, body: { rows } });
}

describe("POST /api/contacts/import", () => {
  it("imports a spreadsheet export with quoted fields and reports each failed row and why", async () => {
    const { user, cookie } = await createSignedInUser({ phone: "+14155550100" });
    const csv = [
      "\uFEFFFull Name,E-mail Address,Phone Number,Relationship",
      '"Smith, Jane",jane@example.com,"(415) 555-2671","Friend, old"',
      ",nobody@example.com,,",
      "No Contact,,,",
      "Bad Mail,not-an-email,,",
      "Dup,JANE@example.com,,",
      "Bob,,415 555 2672,",
    ].join("\r\n");
    const { rows } = parseContactsCsv(csv);
    const res = await importRows(cookie, rows);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      imported: 2,
      failed: 4,
      failures: [
        { line: 3, reason: "Name is required" },
        { line: 4, reason: "Either email or phone must be provided" },
        { line: 5, reason: "Invalid email" },
        { line: 6, reason: "A contact with this email already exists" },
      ],
    });
    const saved = await rowsOf(user.id);
    expect(saved.map((c) => [c.name, c.phone, c.relationship]).sort()).toEqual([
      ["Bob", "+14155552672", null],
      ["Smith, Jane", "+14155552671", "Friend, old"],
    ]);
  });

  it("stops at the plan's limit: rows past it fail with a reason", async () => {
    const { user, cookie } = await createSignedInUser({ planType: "free" });
    const rows = Array.from({ length: 8 }, (_, i) => ({
      line: i + 2,
      name: `P${i}`,
      email: `p${i}@example.com`,
    }));
    const res = await importRows(cookie, rows);
    expect(res.json).toMatchObject({ imported: 5, failed: 3 });
    expect(res.json.failures).toEqual(
      [5, 6, 7].map((i) => ({ line: i + 2, reason: "Contact limit reached" })),
    );
    expect(await rowsOf(user.id)).toHaveLength(5);
  });

  it("brings in 500 contacts of a 10,000-row file on the professional plan and fails the rest", async () => {
    const { user, cookie } = await createSignedInUser({ planType: "professional" });
    const lines = ["name,email,phone"];
    for (let i = 0; i < 10_000; i++) lines.push(`"Person ${i}, Jr",p${i}@example.com,`);
    const { rows } = parseContactsCsv(lines.join("\n"));
    const res = await importRows(cookie, rows);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ imported: 500, failed: 9_500 });
    expect(await rowsOf(user.id)).toHaveLength(500);
  });

  it.each([
    ["no rows", { rows: [] }],
    ["a wrong type", { rows: [{ name: 5 }] }],
    ["an unknown field", { rows: [{ name: "A", email: "a@example.com" }], extra: true }],
  ])("refuses %s with 400 and imports nothing", async (_label, body) => {
    const { user, cookie } = await createSignedInUser();
    const res = await callRoute(POST, "/api/contacts/import", { method: "POST", cookie, body });
    expect(res.status).toBe(400);
    expect(await rowsOf(user.id)).toHaveLength(0);
  });
});
