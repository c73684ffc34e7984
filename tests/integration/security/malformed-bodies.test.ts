import fc from "fast-check";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { callRoute } from "../../support/call-route";
import { snapshotDatabase } from "../../support/db-snapshot";
import { createSignedInUser } from "../../support/users";
import { JSON_ENDPOINTS, ownParams } from "./json-endpoints";

// Bodies a careless or hostile client might send: any JSON, broken JSON, wrong shapes.
const malformedBody = fc.oneof(
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.string(),
  fc
    .dictionary(
      fc.string({ maxLength: 12 }),
      fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null)),
    )
    .map((value) => JSON.stringify(value)),
  fc.constantFrom("{", "[1,", '{"a":}', "null", "\u0000", '{"__proto__":{"x":1}}'),
);

// A body the endpoint accepts with one field bent: wrong type, absurd value, or removed.
const oddValue = fc.oneof(
  fc.jsonValue(),
  fc.constantFrom(
    "",
    " ",
    "x".repeat(5000),
    -1,
    1e308,
    "2030-02-31T25:61",
    "Not/AZone",
    "+1",
    "\u0000",
    [],
    {},
  ),
);
function bentSample(sample: Record<string, unknown>) {
  const keys = Object.keys(sample);
  return fc
    .tuple(fc.constantFrom(...keys), fc.option(oddValue, { nil: undefined }))
    .map(([key, value]) => JSON.stringify({ ...sample, [key]: value }));
}

// Bodies no endpoint may accept: not JSON, JSON that is not an object, or an object of
// unknown fields only (every body schema is strict).
const isObjectJson = (text: string) => {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
};
function garbageFor(knownKeys: string[], bodyOptional = false) {
  // Where no body is a valid request, an empty or blank one is not garbage.
  const isGarbage = (text: string) => !isObjectJson(text) && !(bodyOptional && text.trim() === "");
  return fc.oneof(
    fc.string().filter(isGarbage),
    fc
      .jsonValue()
      .filter((value) => typeof value !== "object" || value === null || Array.isArray(value))
      .map((value) => JSON.stringify(value)),
    fc.constantFrom("{", "[1,", '{"a":}', "null", "\u0000", "[]", '"{}"'),
    fc
      .dictionary(
        fc.string({ minLength: 1, maxLength: 12 }).filter((key) => !knownKeys.includes(key)),
        fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null)),
        { minKeys: 1 },
      )
      .map((value) => JSON.stringify(value)),
  );
}

describe.each(JSON_ENDPOINTS)("$name with generated malformed bodies", (endpoint) => {
  it("refuses garbage with a 4xx and a message, and writes nothing", async () => {
    const { user, cookie } = await createSignedInUser();
    const { params, path, contactId } = await ownParams(endpoint, user.id);
    const knownKeys = Object.keys(endpoint.sample({ contactId }));
    await fc.assert(
      fc.asyncProperty(garbageFor(knownKeys, endpoint.bodyOptional), async (body) => {
        await db.execute(sql`delete from rate_limits`);
        const before = await snapshotDatabase();
        const res = await callRoute(endpoint.handler, path, {
          method: endpoint.method,
          body,
          cookie,
          params,
          query: endpoint.query,
        });
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(res.status).not.toBe(429);
        expect(typeof (res.json as { message?: unknown })?.message).toBe("string");
        expect(await snapshotDatabase()).toEqual(before);
      }),
      { numRuns: 40 },
    );
  });

  it("never answers 5xx and writes nothing when it refuses", async () => {
    const { user, cookie } = await createSignedInUser();
    const { params, path, contactId } = await ownParams(endpoint, user.id);
    await fc.assert(
      fc.asyncProperty(fc.oneof(malformedBody, bentSample(endpoint.sample({ contactId }))), async (body) => {
        // Every body must reach validation, not stop at a rate limit (imports allow 10 per window).
        await db.execute(sql`delete from rate_limits`);
        const before = await snapshotDatabase();
        const res = await callRoute(endpoint.handler, path, {
          method: endpoint.method,
          body,
          cookie,
          params,
          query: endpoint.query,
        });
        expect(res.status).toBeLessThan(500);
        expect(res.status).not.toBe(429);
        if (res.status >= 400) {
          expect(await snapshotDatabase()).toEqual(before);
          expect(typeof (res.json as { message?: unknown })?.message).toBe("string");
        }
      }),
      { numRuns: 80 },
    );
  });
});
