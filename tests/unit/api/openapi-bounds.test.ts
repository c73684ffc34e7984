import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/lib/api/v1/openapi-document";

// What the API accepts is bounded in its document (OWASP API4, unrestricted resource
// consumption): each string a maximum length (or a fixed set of values), each array a maximum
// count, each integer a range and a size; and each operation declares its server errors.

type Json = Record<string, unknown>;
const document = JSON.parse(JSON.stringify(buildOpenApiDocument())) as {
  paths: Record<string, Record<string, Json>>;
  components: { schemas: Record<string, Json> };
};

/** Every schema node a request reaches (parameters and bodies), references followed. */
function inputSchemas(): { where: string; node: Json }[] {
  const found: { where: string; node: Json }[] = [];
  const seen = new Set<unknown>();
  const visit = (value: unknown, where: string) => {
    if (Array.isArray(value)) return value.forEach((item, i) => visit(item, `${where}[${i}]`));
    if (!value || typeof value !== "object") return;
    let node = value as Json;
    if (typeof node.$ref === "string") {
      const name = node.$ref.replace("#/components/schemas/", "");
      node = document.components.schemas[name];
      where = name;
    }
    if (seen.has(node)) return;
    seen.add(node);
    if (node.type !== undefined) found.push({ where, node });
    for (const [key, item] of Object.entries(node)) {
      if (key !== "enum" && key !== "const" && key !== "examples") visit(item, `${where}.${key}`);
    }
  };
  for (const [path, item] of Object.entries(document.paths))
    for (const [method, operation] of Object.entries(item)) {
      visit(operation.parameters, `${method} ${path} parameters`);
      visit(operation.requestBody, `${method} ${path} body`);
    }
  return found;
}

describe("the OpenAPI document's bounds", () => {
  const inputs = inputSchemas();

  it("reaches the request schemas", () => {
    expect(inputs.map((i) => i.where)).toEqual(
      expect.arrayContaining(["ReminderFields", "ContactInput", "GroupInput", "TemplateInput"]),
    );
  });

  it("bounds every string, array and integer a request may carry", () => {
    const unbounded = inputs.flatMap(({ where, node }) => {
      const types = ([] as unknown[]).concat(node.type);
      const fixed = node.enum !== undefined || node.const !== undefined;
      const problems: string[] = [];
      if (types.includes("string") && !fixed && node.maxLength === undefined)
        problems.push(`${where}: string without maxLength`);
      if (types.includes("array") && node.maxItems === undefined)
        problems.push(`${where}: array without maxItems`);
      if (
        types.includes("integer") &&
        (node.minimum === undefined || node.maximum === undefined || !node.format)
      )
        problems.push(`${where}: integer without a range or a format`);
      return problems;
    });
    expect(unbounded).toEqual([]);
  });

  it("declares 500 and 503 on every operation", () => {
    const missing = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).flatMap(([method, operation]) =>
        ["500", "503"]
          .filter((status) => !(status in (operation.responses as Json)))
          .map((status) => `${method} ${path} ${status}`),
      ),
    );
    expect(missing).toEqual([]);
  });
});
