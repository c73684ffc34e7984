import "server-only";
import {
  OpenAPIRegistry,
  OpenApiGeneratorV31,
  type ResponseConfig,
  type RouteConfig,
} from "@asteasolutions/zod-to-openapi";
import { z } from "zod";

/** A path or query schema as the registry takes it (every v1 one is a zod object). */
type RouteParameter = NonNullable<RouteConfig["request"]>["params"];
import { API_KEY_CHALLENGE } from "../api-key-challenge";
import { errorSchema } from "./common-schemas";
import type { V1Operation } from "./operation";
import { V1_OPERATIONS } from "./v1-operations";

export type OpenApiDocument = ReturnType<OpenApiGeneratorV31["generateDocument"]>;

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "The request failed validation (`field` and `issues` name the problems).",
  401: "Missing, unknown or revoked API key (`invalid_api_key`).",
  402: "A payment is needed (an empty pay-as-you-go balance).",
  403: "Not allowed: a read-only key on a write (`api_key_read_only`), or a plan limit.",
  404: "Not found: unknown, or another account's.",
  409: "Conflicts with the current state (a duplicate, a reminder no longer scheduled, a request with this Idempotency-Key still running).",
  422: "Cannot be done as asked: a group without members (`group_empty`) or that no channel of the chain reaches (`group_unreachable`), a fallback channel this server cannot send (`fallback_channel_unavailable`), a contact who asked not to be reached on a channel of the chain (`contact_refused_channel`) or to receive nothing (`contact_stopped`), or an Idempotency-Key used with another request (`idempotency_key_reused`).",
  429: "Too many requests for this key: wait `Retry-After` seconds.",
  500: "An unexpected error (`internal`), logged on our side. Its Idempotency-Key keeps no answer: the same request may be sent again.",
  503: "The database cannot be reached (`database_unavailable`): retry after `Retry-After` seconds.",
};

const RATE_HEADERS = {
  "RateLimit-Limit": { $ref: "#/components/headers/RateLimitLimit" },
  "RateLimit-Remaining": { $ref: "#/components/headers/RateLimitRemaining" },
  "RateLimit-Reset": { $ref: "#/components/headers/RateLimitReset" },
};

/** On every answer to a POST, which takes an Idempotency-Key: present on a replayed answer. */
const REPLAY_HEADER = { "Idempotent-Replayed": { $ref: "#/components/headers/IdempotentReplayed" } };

/** The headers of an answer: 401 and 429 come before the request runs, so are never replayed. */
function headersOf(status: number, operation: V1Operation): ResponseConfig["headers"] {
  if (status === 401) return { "WWW-Authenticate": { $ref: "#/components/headers/WWWAuthenticate" } };
  // Either may come before the key's call was counted: no rate headers promised.
  if (status === 500) return undefined;
  if (status === 503) return { "Retry-After": { $ref: "#/components/headers/RetryAfter" } };
  if (status === 429) return { ...RATE_HEADERS, "Retry-After": { $ref: "#/components/headers/RetryAfter" } };
  return operation.method === "POST" ? { ...RATE_HEADERS, ...REPLAY_HEADER } : RATE_HEADERS;
}

const errorResponse = (status: number, operation: V1Operation): ResponseConfig => ({
  description: ERROR_DESCRIPTIONS[status] ?? "Error",
  headers: headersOf(status, operation),
  content: { "application/json": { schema: errorSchema } },
});

/** The refusals an operation may answer: every operation's, and those of its kind. */
export function errorStatusesOf(operation: V1Operation): number[] {
  const statuses = new Set([401, 429, 500, 503, ...(operation.errors ?? [])]);
  if (operation.params || operation.query || operation.body) statuses.add(400);
  if (operation.method !== "GET") statuses.add(403);
  if (operation.params) statuses.add(404);
  if (operation.method === "POST") statuses.add(409).add(422);
  return [...statuses].sort();
}

function routeOf(operation: V1Operation): RouteConfig {
  const success: ResponseConfig = operation.response
    ? {
        description: "Success",
        headers: headersOf(200, operation),
        content: { "application/json": { schema: operation.response } },
      }
    : { description: "Done (no content)", headers: headersOf(204, operation) };
  return {
    method: operation.method.toLowerCase() as RouteConfig["method"],
    path: operation.path,
    operationId: operation.operationId,
    tags: [operation.tag],
    summary: operation.summary,
    description: operation.description,
    security: [{ apiKey: [] }],
    request: {
      params: operation.params as RouteParameter,
      query: operation.query as RouteParameter,
      headers:
        operation.method === "POST"
          ? z.object({
              "Idempotency-Key": z.string().min(1).max(255).optional().meta({
                description:
                  "Makes the request safe to retry: the same key and body within 24 hours answer the first answer again.",
              }),
            })
          : undefined,
      body: operation.body
        ? {
            required: true,
            content: { "application/json": { schema: operation.documentedBody ?? operation.body } },
          }
        : undefined,
    },
    responses: {
      [operation.status ?? (operation.response ? 200 : 204)]: success,
      ...Object.fromEntries(
        errorStatusesOf(operation).map((status) => [status, errorResponse(status, operation)]),
      ),
    },
  };
}

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * A request's optional field with a default says it in its description, not as `default`:
 * generated clients (openapi-typescript) type a field with a `default` as always present, which
 * holds for answers and would make every client send it. Applies to the schemas request bodies
 * use (the components they reference, transitively).
 */
function inputDefaultsInDescriptions(document: OpenApiDocument): OpenApiDocument {
  const schemas = (document.components?.schemas ?? {}) as Record<string, unknown>;
  const seen = new Set<unknown>();
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isObject(node) || seen.has(node)) return;
    seen.add(node);
    if (typeof node.$ref === "string") return visit(schemas[node.$ref.replace("#/components/schemas/", "")]);
    if ("default" in node) {
      const said = `Default: \`${JSON.stringify(node.default)}\`.`;
      node.description = typeof node.description === "string" ? `${node.description} ${said}` : said;
      delete node.default;
    }
    Object.values(node).forEach(visit);
  };
  for (const item of Object.values(document.paths ?? {}))
    for (const operation of Object.values(item as JsonObject))
      if (isObject(operation)) visit(operation.requestBody);
  return document;
}

const INT32 = 2 ** 31 - 1;

/**
 * Every integer says its size (`format`): int32 when its bounds fit, int64 otherwise (JSON
 * integers the API reads and writes are JavaScript safe integers).
 */
function integerFormats(document: OpenApiDocument): OpenApiDocument {
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isObject(node)) return;
    const types = ([] as unknown[]).concat(node.type ?? []);
    if (types.includes("integer") && node.format === undefined) {
      const fits = (bound: unknown) => typeof bound === "number" && Math.abs(bound) <= INT32;
      node.format = fits(node.minimum) && fits(node.maximum) ? "int32" : "int64";
    }
    Object.values(node).forEach(visit);
  };
  visit(document);
  return document;
}

/** The OpenAPI 3.1 document of /api/v1, generated from the operations' zod schemas. */
export function buildOpenApiDocument(serverUrl = "/api/v1"): OpenApiDocument {
  const registry = new OpenAPIRegistry();
  registry.registerComponent("securitySchemes", "apiKey", {
    type: "http",
    scheme: "bearer",
    description: "An API key from Settings → Developers: `Authorization: Bearer rmd_…`.",
  });
  // `required`: sent on every answer the header is listed for (the contract test holds it).
  const integerHeader = (description: string) => ({
    description,
    required: true,
    schema: { type: "integer" as const, format: "int32" },
  });
  registry.registerComponent(
    "headers",
    "RateLimitLimit",
    integerHeader("Requests allowed per window for this key."),
  );
  registry.registerComponent(
    "headers",
    "RateLimitRemaining",
    integerHeader("Requests left in the current window."),
  );
  registry.registerComponent("headers", "RateLimitReset", integerHeader("Seconds until the window resets."));
  registry.registerComponent("headers", "RetryAfter", integerHeader("Seconds to wait before trying again."));
  registry.registerComponent("headers", "WWWAuthenticate", {
    description: `The authentication scheme to use: \`${API_KEY_CHALLENGE}\` (RFC 6750 §3).`,
    required: true,
    schema: { type: "string", const: API_KEY_CHALLENGE },
  });
  registry.registerComponent("headers", "IdempotentReplayed", {
    description:
      "`true` when this is the stored answer to an earlier request with the same Idempotency-Key and body; absent otherwise.",
    required: false,
    schema: { type: "string", const: "true" },
  });
  for (const operation of V1_OPERATIONS) registry.registerPath(routeOf(operation));
  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "Remindful API",
      version: "1.0.0",
      description:
        "Contacts, groups, reminders, the delivery log, templates and usage of one Remindful account, with an API key. " +
        "Guide: docs/api.md; reference: /docs/api.",
    },
    // A public API (OWASP API9: the inventory says which servers are internal).
    servers: [{ url: serverUrl, "x-internal": false }],
    tags: [
      { name: "Contacts", description: "The people you remind, with their dates." },
      { name: "Groups", description: "Named lists of contacts; a contact may be in several." },
      { name: "Reminders", description: "Text, voice and video reminders, once or recurring." },
      { name: "Deliveries", description: "Every message sent or tried." },
      { name: "Templates", description: "Saved message texts." },
      { name: "Account", description: "Plan and usage." },
    ],
  });
  return integerFormats(inputDefaultsInDescriptions(document));
}
