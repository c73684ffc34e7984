import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/lib/api/v1/openapi-document";
import type { V1Operation } from "@/lib/api/v1/operation";
import { V1_OPERATIONS } from "@/lib/api/v1/v1-operations";
import { db } from "@/lib/db";
import { callV1, createKeyHolder } from "../../support/api-keys";
import { callRoute } from "../../support/call-route";
import { snapshotDatabase } from "../../support/db-snapshot";
import { createContact } from "../../support/reminders";
import { createSignedInUser } from "../../support/users";
import { JSON_ENDPOINTS, ownParams } from "./json-endpoints";

type Handler = Parameters<typeof callRoute>[0];
type Json = Record<string, unknown>;

const UNKNOWN = "shoeSize";

/** The sample with an unknown field added at its top and at every object inside it, one at a time. */
function withUnknownField(sample: unknown): { where: string; body: unknown }[] {
  const variants: { where: string; body: unknown }[] = [];
  const visit = (value: unknown, where: string, put: (changed: unknown) => unknown) => {
    if (Array.isArray(value))
      value.forEach((item, index) =>
        visit(item, `${where}[${index}]`, (changed) =>
          put(value.map((old, i) => (i === index ? changed : old))),
        ),
      );
    else if (value && typeof value === "object") {
      variants.push({ where: where || "(top)", body: put({ ...value, [UNKNOWN]: 44 }) });
      for (const [key, item] of Object.entries(value))
        visit(item, where ? `${where}.${key}` : key, (changed) => put({ ...value, [key]: changed }));
    }
  };
  visit(sample, "", (changed) => changed);
  return variants;
}

/** A refusal of the unknown field: 400, and an issue that names it. */
function expectRefused(where: string, res: { status: number; json: unknown }) {
  const issues = ((res.json as Json | undefined)?.issues ?? []) as { message: string }[];
  expect({ where, status: res.status, names: issues.some((i) => i.message.includes(UNKNOWN)) }).toEqual({
    where,
    status: 400,
    names: true,
  });
}

// A body each v1 operation accepts; every operation with a body needs one here.
const V1_SAMPLES: Record<string, (ids: { contactId: string }) => Json> = {
  createContact: () => ({
    name: "Ann Lee",
    email: "ann@example.com",
    dates: [{ kind: "birthday", month: 3, day: 14, year: 1950 }],
  }),
  updateContact: () => ({ relationship: "Aunt", dates: [{ kind: "birthday", month: 3, day: 14 }] }),
  createGroup: ({ contactId }) => ({ name: "Choir", contactIds: [contactId] }),
  renameGroup: () => ({ name: "Choir" }),
  addGroupMembers: ({ contactId }) => ({ contactIds: [contactId] }),
  removeGroupMembers: ({ contactId }) => ({ contactIds: [contactId] }),
  createReminder: ({ contactId }) => ({
    contactId,
    message: "Pills",
    deliveryMethod: "sms",
    scheduleType: "recurring",
    frequency: "weekly",
    frequencyConfig: { time: "08:30", days: ["Mon", "Thu"] },
    fallback: [{ channel: "email" }],
  }),
  updateReminder: ({ contactId }) => ({
    contactId,
    message: "See you",
    deliveryMethod: "sms",
    scheduleType: "once",
    scheduledFor: "2030-01-15T09:00",
  }),
  createTemplate: () => ({ name: "Thanks", body: "Thank you, {first_name}!", locale: "en" }),
  readQuickAdd: () => ({ text: "email Ben tomorrow at 9: pills", locale: "en" }),
};

const V1_ROUTES = import.meta.glob<Record<string, Handler>>("../../../app/api/v1/**/route.ts");

/** The handler of a v1 operation: app/api/v1/<path with [param] folders>/route.ts. */
async function v1Handler(operation: V1Operation): Promise<Handler> {
  const folder = operation.path.replace(/\{(\w+)\}/g, "[$1]");
  const load = V1_ROUTES[`../../../app/api/v1${folder}/route.ts`];
  if (!load) throw new Error(`No route file for ${operation.operationId}`);
  return (await load())[operation.method];
}

describe("unknown fields in a request body", () => {
  beforeAll(async () => {
    await db.execute(sql`delete from rate_limits`);
  });

  it("the v1 document refuses them in every request body, at every depth", () => {
    const document = buildOpenApiDocument() as unknown as Json;
    const schemas = ((document.components as Json).schemas ?? {}) as Record<string, Json>;
    const resolve = (node: Json): Json =>
      typeof node.$ref === "string" ? resolve(schemas[node.$ref.replace("#/components/schemas/", "")]) : node;
    const problems: string[] = [];
    const seen = new Set<unknown>();
    // `closed`: the properties an enclosing allOf's closed part allows; a branch beside it is a
    // constraint, not a list of fields, and may only name fields that part declares.
    const walk = (schema: unknown, where: string, closed?: string[]) => {
      if (!schema || typeof schema !== "object") return;
      if (Array.isArray(schema)) return schema.forEach((item, i) => walk(item, `${where}[${i}]`, closed));
      const node = resolve(schema as Json);
      if (seen.has(node)) return;
      seen.add(node);
      const types = ([] as unknown[]).concat(node.type ?? []);
      const properties = Object.keys((node.properties as Json | undefined) ?? {});
      if (types.includes("object")) {
        if (closed) {
          for (const name of properties.filter((p) => !closed.includes(p)))
            problems.push(`${where}: ${name} is not a field of the closed part`);
        } else if (node.additionalProperties !== false) problems.push(`${where}: open object`);
      }
      const parts = Array.isArray(node.allOf) ? (node.allOf as Json[]).map(resolve) : [];
      const closedPart = parts.find((part) => part.additionalProperties === false);
      const allowed = closedPart ? Object.keys((closedPart.properties as Json | undefined) ?? {}) : closed;
      for (const [key, value] of Object.entries(node)) {
        if (key === "allOf")
          parts.forEach((part, i) =>
            walk(part, `${where}.allOf[${i}]`, part === closedPart ? undefined : allowed),
          );
        else if (key === "oneOf" || key === "anyOf") walk(value, `${where}.${key}`, closed);
        else if (key === "properties" || key === "items") walk(value, `${where}.${key}`);
        else if (value && typeof value === "object" && key !== "enum" && key !== "default")
          walk(value, `${where}.${key}`);
      }
    };
    const bodies = Object.entries(document.paths as Record<string, Record<string, Json>>).flatMap(
      ([route, item]) =>
        Object.entries(item)
          .filter(([, op]) => op.requestBody)
          .map(([method, op]) => ({ where: `${method.toUpperCase()} ${route}`, op })),
    );
    expect(bodies.length).toBeGreaterThan(0);
    for (const { where, op } of bodies) walk(op.requestBody, where);
    expect(problems).toEqual([]);
  });

  it("every v1 operation with a body refuses them, at every depth, and changes nothing", async () => {
    const holder = await createKeyHolder("write");
    const contact = await createContact(holder.workspace.id);
    const withBody = V1_OPERATIONS.filter((operation) => operation.body);
    expect(withBody.map((operation) => operation.operationId).sort()).toEqual(Object.keys(V1_SAMPLES).sort());
    for (const operation of withBody) {
      const handler = await v1Handler(operation);
      const params = operation.params ? { id: "unknown-id" } : undefined;
      const url = operation.path.replace("{id}", "unknown-id");
      for (const { where, body } of withUnknownField(
        V1_SAMPLES[operation.operationId]({ contactId: contact.id }),
      )) {
        await db.execute(sql`delete from rate_limits`);
        const before = await snapshotDatabase();
        const res = await callV1(handler, url, holder.key, { method: operation.method, body, params });
        expectRefused(`${operation.operationId} ${where}`, res);
        expect(await snapshotDatabase()).toEqual(before);
      }
    }
  });

  it.each(JSON_ENDPOINTS)("$name refuses them, at every depth, and changes nothing", async (endpoint) => {
    const { user, cookie } = await createSignedInUser();
    const { params, path: url, contactId } = await ownParams(endpoint, user.id);
    for (const { where, body } of withUnknownField(endpoint.sample({ contactId }))) {
      await db.execute(sql`delete from rate_limits`);
      const before = await snapshotDatabase();
      const res = await callRoute(endpoint.handler, url, {
        method: endpoint.method,
        body,
        cookie,
        params,
        query: endpoint.query,
      });
      expectRefused(`${endpoint.name} ${where}`, res);
      expect(await snapshotDatabase()).toEqual(before);
    }
  });

  it("the list of JSON endpoints names every app route that reads a JSON body", () => {
    const root = path.resolve("app");
    const routes: string[] = [];
    const visit = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) visit(full);
        else if (entry.name === "route.ts") routes.push(full);
      }
    };
    visit(root);
    const found: string[] = [];
    for (const file of routes) {
      const url = path
        .relative(root, path.dirname(file))
        .split(path.sep)
        .filter((part) => !part.startsWith("("))
        .map((part) => part.replace(/^\[(\w+)\]$/, "{$1}"))
        .join("/");
      // The v1 routes are the operations above; every other route reading a body validates it
      // through userRoute or publicRoute with a `body` schema.
      if (url.startsWith("api/v1")) continue;
      const source = readFileSync(file, "utf8");
      for (const [, method, options] of source.matchAll(
        /export const (POST|PUT|PATCH|DELETE) = (?:userRoute|publicRoute)\(\s*(\{[^}]*\})/g,
      )) {
        if (/\bbody:/.test(options)) found.push(`${method} /${url}`);
      }
    }
    expect(found.length).toBeGreaterThan(20);
    expect(found.sort()).toEqual(JSON_ENDPOINTS.map((endpoint) => endpoint.name).sort());
  });
});
