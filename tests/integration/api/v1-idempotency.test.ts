import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as contactsRoute from "@/app/api/v1/contacts/route";
import * as templatesRoute from "@/app/api/v1/templates/route";
import { contacts, idempotencyRecords } from "@/db/schema";
import { db } from "@/lib/db";
import { purgeExpiredRows } from "@/lib/maintenance/purge-expired-rows";
import { callV1, createKeyHolder } from "../../support/api-keys";

const post = (key: string, idempotencyKey: string, body: unknown) =>
  callV1<Record<string, unknown>>(contactsRoute.POST, "/contacts", key, {
    method: "POST",
    body,
    headers: { "idempotency-key": idempotencyKey },
  });

const contactsOf = (userId: string) => db.select().from(contacts).where(eq(contacts.workspaceId, userId));

describe("Idempotency-Key on POST", () => {
  it("replays the first answer for the same key and body, key order aside", async () => {
    const holder = await createKeyHolder();
    const first = await post(holder.key, "create-ann", { name: "Ann", email: "ann@example.com" });
    expect(first.status).toBe(201);
    const again = await post(holder.key, '"create-ann"', { email: "ann@example.com", name: "Ann" });
    expect(again.status).toBe(201);
    expect(again.json).toEqual(first.json);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await contactsOf(holder.user.id)).toHaveLength(1);
    // Without the header, the same body is a new request (here: a duplicate).
    expect(
      (
        await callV1(contactsRoute.POST, "/contacts", holder.key, {
          method: "POST",
          body: { name: "Ann", email: "ann@example.com" },
        })
      ).status,
    ).toBe(409);
  });

  it("the same key with another body is a 422; another API key has its own keys", async () => {
    const holder = await createKeyHolder();
    expect((await post(holder.key, "k1", { name: "Ann", email: "ann@example.com" })).status).toBe(201);
    const reused = await post(holder.key, "k1", { name: "Bo", email: "bo@example.com" });
    expect(reused.status).toBe(422);
    expect(reused.json).toMatchObject({ code: "idempotency_key_reused" });
    // The same key on another path is another request too.
    const elsewhere = await callV1(templatesRoute.POST, "/templates", holder.key, {
      method: "POST",
      body: { name: "Ann", email: "ann@example.com" },
      headers: { "idempotency-key": "k1" },
    });
    expect(elsewhere.status).toBe(422);
    const other = await createKeyHolder();
    expect((await post(other.key, "k1", { name: "Bo", email: "bo@example.com" })).status).toBe(201);
    expect(await contactsOf(holder.user.id)).toHaveLength(1);
  });

  it("racing duplicates create once: the others are told it is in flight or get its answer", async () => {
    const holder = await createKeyHolder();
    const body = { name: "Ann", email: "ann@example.com" };
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(holder.key, "race", body)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    for (const answer of answers.filter((a) => a.status === 409))
      expect(answer.json).toMatchObject({ code: "idempotency_key_in_use" });
    const created = answers.filter((answer) => answer.status === 201).map((answer) => answer.json.id);
    expect(new Set(created).size).toBe(1);
    expect(await contactsOf(holder.user.id)).toHaveLength(1);
    expect((await post(holder.key, "race", body)).json.id).toBe(created[0]);
  });

  it("a body refused by validation keeps no answer: corrected, the same key runs", async () => {
    const holder = await createKeyHolder();
    const bad = await post(holder.key, "fix-me", { name: "" });
    expect(bad.status).toBe(400);
    expect((await post(holder.key, "fix-me", { name: "Ann", email: "ann@example.com" })).status).toBe(201);
  });

  it("refuses a malformed key; answers are kept 24 hours and then purged", async () => {
    const holder = await createKeyHolder();
    const bad = await post(holder.key, "x".repeat(256), { name: "Ann", email: "ann@example.com" });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ code: "invalid_idempotency_key" });
    expect((await post(holder.key, "old", { name: "Ann", email: "ann@example.com" })).status).toBe(201);
    await db.execute(
      sql`update idempotency_records set created_at = now() - interval '25 hours' where api_key_id = ${holder.apiKeyId}`,
    );
    // Past the window the key is free again: the same body runs afresh (a duplicate now).
    expect((await post(holder.key, "old", { name: "Ann", email: "ann@example.com" })).status).toBe(409);
    await db.execute(
      sql`update idempotency_records set created_at = now() - interval '25 hours' where api_key_id = ${holder.apiKeyId}`,
    );
    const report = await purgeExpiredRows(db, new Date());
    expect(report.idempotencyRecords).toBe(1);
    expect(
      await db.select().from(idempotencyRecords).where(eq(idempotencyRecords.apiKeyId, holder.apiKeyId)),
    ).toEqual([]);
  });
});
