import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/lib/api/v1/openapi-document";

// A client as an integrator generates it (openapi-typescript's defaults) and types its calls
// with openapi-fetch: the requests the guides show must compile, and requests missing what the
// API requires must not. Compiled under the project's node_modules so openapi-fetch resolves.
const dir = path.resolve("node_modules/.cache", `generated-client-${process.pid}`);

interface Example {
  where: string;
  method: "POST" | "PATCH" | "PUT";
  path: string;
  body: Record<string, unknown>;
}

/** Every `curl -X <method> "$RMD/<path>" … -d '<json>'` of a guide whose body is JSON. */
function guideExamples(file: string): Example[] {
  const text = readFileSync(file, "utf8");
  const examples: Example[] = [];
  for (const match of text.matchAll(/curl -s -X (POST|PATCH|PUT) "\$RMD(\/[^"?]*)"[^']*?-d '([^']*)'/g)) {
    const [, method, route, json] = match;
    let body: unknown;
    try {
      body = JSON.parse(json);
    } catch {
      continue; // "{...the whole reminder...}": prose, not a body
    }
    examples.push({
      where: `${path.basename(file)}: ${method} ${route}`,
      method: method as Example["method"],
      path: route.replace(/\/[^/]*<[^>]+>[^/]*/g, "/{id}"),
      body: body as Record<string, unknown>,
    });
  }
  return examples;
}

const EXAMPLES = [...guideExamples("docs/api.md"), ...guideExamples("docs/groups.md")];
const MINIMAL_ONCE = {
  contactId: "c1",
  message: "See you tomorrow",
  deliveryMethod: "sms",
  scheduleType: "once",
  scheduledFor: "2030-01-15T09:00",
};
const without = (key: string, body: Record<string, unknown> = MINIMAL_ONCE) =>
  Object.fromEntries(Object.entries(body).filter(([k]) => k !== key));

/** Bodies the API refuses for a missing field: the generated types must refuse them too. */
const INCOMPLETE = [
  { why: "no message in a text reminder", body: without("message") },
  { why: "no contact or group", body: without("contactId") },
  { why: "no date for a one-time reminder", body: without("scheduledFor") },
  {
    why: "no frequency for a recurring reminder",
    body: { ...without("scheduledFor"), scheduleType: "recurring", frequencyConfig: { time: "08:30" } },
  },
  { why: "no recording for a voice reminder", body: { ...without("message"), type: "voice" } },
  { why: "a contact and a group", body: { ...MINIMAL_ONCE, groupId: "g1" } },
  { why: "an unknown field", body: { ...MINIMAL_ONCE, shoeSize: 44 } },
];

function compile(source: string): string[] {
  const file = path.join(dir, "calls.ts");
  writeFileSync(file, source);
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    skipLibCheck: true,
    types: [],
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) =>
        `${d.start === undefined ? "" : d.file?.getLineAndCharacterOfPosition(d.start).line}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`,
    );
}

beforeAll(async () => {
  mkdirSync(dir, { recursive: true });
  const document = JSON.parse(JSON.stringify(buildOpenApiDocument())) as Parameters<typeof openapiTS>[0];
  writeFileSync(path.join(dir, "schema.d.ts"), astToString(await openapiTS(document)));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("a client generated from the OpenAPI document (openapi-typescript, openapi-fetch)", () => {
  it("finds the guides' request bodies", () => {
    expect(EXAMPLES.map((e) => e.where)).toEqual(
      expect.arrayContaining([
        "api.md: POST /contacts",
        "api.md: POST /reminders",
        "api.md: POST /groups",
        "groups.md: POST /reminders",
      ]),
    );
    expect(EXAMPLES.filter((e) => e.path === "/reminders").length).toBeGreaterThanOrEqual(4);
  });

  it("types the guides' bodies and the minimal ones, and refuses bodies missing what the API requires", () => {
    const call = (method: string, route: string, body: unknown) =>
      `  await client.${method}(${JSON.stringify(route)}, { ${route.includes("{id}") ? 'params: { path: { id: "x" } }, ' : ""}body: ${JSON.stringify(body)} });`;
    const lines = [
      'import createClient from "openapi-fetch";',
      'import type { components, paths } from "./schema";',
      'const client = createClient<paths>({ baseUrl: "https://app.example.com/api/v1" });',
      "export async function calls() {",
      ...EXAMPLES.map((e) => `  // ${e.where}\n${call(e.method, e.path, e.body)}`),
      call("POST", "/reminders", MINIMAL_ONCE),
      call("PUT", "/reminders/{id}", MINIMAL_ONCE),
      call("POST", "/reminders", { ...without("contactId"), groupId: "g1" }),
      call("POST", "/reminders", { ...without("message"), type: "voice", mediaId: "m1" }),
      call("POST", "/contacts", { name: "Bo", phone: "+14155552672" }),
      ...INCOMPLETE.map(
        ({ why, body }) => `  // ${why}\n  // @ts-expect-error\n${call("POST", "/reminders", body)}`,
      ),
      "}",
      // A named input type integrators can use in their own code.
      'export const stored: components["schemas"]["ReminderInput"] = ' + JSON.stringify(MINIMAL_ONCE) + ";",
    ];
    expect(compile(lines.join("\n"))).toEqual([]);
  }, 120_000);
});
