import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as keyRoute from "@/app/api/api-keys/[id]/route";
import * as keysRoute from "@/app/api/api-keys/route";
import * as contactsRoute from "@/app/api/v1/contacts/route";
import * as usageRoute from "@/app/api/v1/usage/route";
import { apiKeys } from "@/db/schema";
import { authenticateApiKey, LAST_USED_PRECISION_MS } from "@/lib/api-keys/authenticate-api-key";
import { hashApiKey } from "@/lib/api-keys/hash-api-key";
import { db } from "@/lib/db";
import { callV1, createKeyHolder } from "../../support/api-keys";
import { callRoute } from "../../support/call-route";
import { createSignedInUser } from "../../support/users";

const create = (cookie: string, body: unknown) =>
  callRoute<Record<string, unknown>>(keysRoute.POST, "/api/api-keys", { method: "POST", cookie, body });

describe("API keys", () => {
  it("are shown once and stored only as a hash with a visible prefix", async () => {
    const { user, cookie } = await createSignedInUser();
    const created = await create(cookie, { name: "Booking system", scope: "write" });
    expect(created.status).toBe(201);
    const key = String(created.json.key);
    expect(key).toMatch(/^rmd_[A-Za-z0-9_-]{43}$/);
    expect(created.json).toMatchObject({ name: "Booking system", scope: "write", prefix: key.slice(0, 12) });

    const [row] = await db.select().from(apiKeys).where(eq(apiKeys.userId, user.id));
    expect(row.hash).toBe(hashApiKey(key));
    expect(JSON.stringify(row)).not.toContain(key.slice(12));

    const list = await callRoute<Record<string, unknown>[]>(keysRoute.GET, "/api/api-keys", { cookie });
    expect(list.json).toHaveLength(1);
    expect(list.json[0]).toMatchObject({
      id: row.id,
      prefix: key.slice(0, 12),
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(list.text).not.toContain(key.slice(12));
    expect(list.json[0]).not.toHaveProperty("hash");
  });

  it("a new key defaults to read; a bad body is a 400 in the one error format", async () => {
    const { cookie } = await createSignedInUser();
    expect((await create(cookie, { name: "Reports" })).json).toMatchObject({ scope: "read" });
    const bad = await create(cookie, { name: "", scope: "admin" });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ code: "invalid_input", field: "name" });
    expect((await callRoute(keysRoute.GET, "/api/api-keys")).status).toBe(401);
  });

  it("revocation holds from the next request; another user's key is a 404", async () => {
    const holder = await createKeyHolder("read");
    expect((await callV1(usageRoute.GET, "/usage", holder.key)).status).toBe(200);
    const other = await createSignedInUser();
    const foreign = await callRoute(keyRoute.DELETE, `/api/api-keys/${holder.apiKeyId}`, {
      method: "DELETE",
      cookie: other.cookie,
      params: { id: holder.apiKeyId },
    });
    expect(foreign.status).toBe(404);
    expect((await callV1(usageRoute.GET, "/usage", holder.key)).status).toBe(200);

    const revoked = await callRoute<Record<string, unknown>>(
      keyRoute.DELETE,
      `/api/api-keys/${holder.apiKeyId}`,
      {
        method: "DELETE",
        cookie: holder.cookie,
        params: { id: holder.apiKeyId },
      },
    );
    expect(revoked.status).toBe(200);
    expect(revoked.json.revokedAt).toEqual(expect.any(String));
    const refused = await callV1(usageRoute.GET, "/usage", holder.key);
    expect(refused.status).toBe(401);
    expect(refused.json).toMatchObject({ code: "invalid_api_key" });
  });

  it("a read key reads and is refused on writes (403), nothing written", async () => {
    const holder = await createKeyHolder("read");
    expect((await callV1(contactsRoute.GET, "/contacts", holder.key)).status).toBe(200);
    const write = await callV1(contactsRoute.POST, "/contacts", holder.key, {
      method: "POST",
      body: { name: "Ann", email: "ann@example.com" },
    });
    expect(write.status).toBe(403);
    expect(write.json).toMatchObject({ code: "api_key_read_only" });
    expect((await callV1<{ data: unknown[] }>(contactsRoute.GET, "/contacts", holder.key)).json.data).toEqual(
      [],
    );
  });

  it("a missing, malformed or unknown key is a 401", async () => {
    for (const key of [null, "nope", `rmd_${"A".repeat(43)}`]) {
      const answer = await callV1(usageRoute.GET, "/usage", key);
      expect(answer.status).toBe(401);
      expect(answer.json).toMatchObject({ code: "invalid_api_key" });
    }
  });

  it("writes lastUsedAt at most once a minute", async () => {
    const holder = await createKeyHolder("read");
    const at = new Date("2030-01-01T10:00:00Z");
    const lastUsed = async () =>
      (await db.select().from(apiKeys).where(eq(apiKeys.id, holder.apiKeyId)))[0].lastUsedAt?.toISOString();
    await authenticateApiKey(holder.key, "unknown", at);
    expect(await lastUsed()).toBe(at.toISOString());
    await authenticateApiKey(holder.key, "unknown", new Date(at.getTime() + LAST_USED_PRECISION_MS - 1));
    expect(await lastUsed()).toBe(at.toISOString());
    const later = new Date(at.getTime() + LAST_USED_PRECISION_MS);
    await authenticateApiKey(holder.key, "unknown", later);
    expect(await lastUsed()).toBe(later.toISOString());
  });
});
