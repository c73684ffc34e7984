import { z } from "zod";
import type { OpenApiDocument } from "@/lib/api/v1/openapi-document";

type Json = Record<string, unknown>;

/** `#/components/schemas/X` as `#/$defs/X`, so one JSON Schema carries every component. */
function withDefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withDefs);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        key === "$ref" && typeof item === "string"
          ? item.replace("#/components/schemas/", "#/$defs/")
          : withDefs(item),
      ]),
    );
  }
  return value;
}

/** The headers the API itself sets on an answer: each one it sends must be documented. */
const API_HEADERS = [
  "ratelimit-limit",
  "ratelimit-remaining",
  "ratelimit-reset",
  "retry-after",
  "www-authenticate",
  "idempotent-replayed",
];

export interface ContractCheck {
  operationId: string;
  status: number;
  headers: Headers;
  text: string;
}

/**
 * Checks a real answer against the OpenAPI document: the operation documents the status, every
 * header the document lists for it as required is present, every header of the API's own it
 * carries is listed, and the JSON body matches the documented schema
 * (JSON Schema 2020-12 read by zod's own reader, components as $defs). Returns the problems.
 */
export function contractProblems(document: OpenApiDocument, answer: ContractCheck): string[] {
  const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item as Json).map(([method, op]) => ({ path, method, op: op as Json })),
  );
  const found = operations.find((entry) => entry.op.operationId === answer.operationId);
  if (!found) return [`${answer.operationId} is not in the document`];
  const responses = found.op.responses as Record<string, Json>;
  const response = responses[String(answer.status)];
  if (!response) return [`${answer.operationId} does not document status ${answer.status}`];
  const problems: string[] = [];
  const declared = (response.headers as Record<string, Json> | undefined) ?? {};
  const components = (document.components?.headers ?? {}) as Record<string, Json>;
  for (const [header, value] of Object.entries(declared)) {
    const resolved =
      typeof value.$ref === "string" ? components[value.$ref.replace("#/components/headers/", "")] : value;
    if (resolved?.required === true && !answer.headers.has(header))
      problems.push(`${answer.operationId} ${answer.status}: no ${header} header`);
  }
  const names = Object.keys(declared).map((name) => name.toLowerCase());
  for (const header of API_HEADERS) {
    if (answer.headers.has(header) && !names.includes(header))
      problems.push(`${answer.operationId} ${answer.status}: ${header} sent but not documented`);
  }
  const content = response.content as Record<string, { schema: Json }> | undefined;
  if (!content) {
    if (answer.text !== "")
      problems.push(`${answer.operationId} ${answer.status}: body where none is documented`);
    return problems;
  }
  const schema = withDefs({
    ...content["application/json"].schema,
    $defs: document.components?.schemas ?? {},
  }) as Parameters<typeof z.fromJSONSchema>[0];
  const result = z.fromJSONSchema(schema).safeParse(JSON.parse(answer.text));
  if (!result.success)
    problems.push(
      `${answer.operationId} ${answer.status}: ${JSON.stringify(result.error.issues.slice(0, 3))}`,
    );
  return problems;
}
