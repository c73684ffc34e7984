import { getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import type { OpenApiDocument } from "@/lib/api/v1/openapi-document";

type Json = Record<string, unknown>;
const asJson = (value: unknown): Json => (value && typeof value === "object" ? (value as Json) : {});

/** The component name a `$ref` points to, or null for an inline schema. */
const refName = (schema: unknown) => {
  const ref = asJson(schema).$ref;
  return typeof ref === "string" ? (ref.split("/").pop() ?? null) : null;
};

/** A schema's type in a few words: `string | null`, `Contact[]`, `"a" | "b"`. */
function typeText(schema: unknown): string {
  const value = asJson(schema);
  const name = refName(value);
  if (name) return name;
  if (Array.isArray(value.enum)) return value.enum.map((item) => JSON.stringify(item)).join(" | ");
  if (Array.isArray(value.anyOf)) return value.anyOf.map(typeText).join(" | ");
  const type = Array.isArray(value.type) ? value.type.join(" | ") : String(value.type ?? "any");
  if (value.type === "array") return `${typeText(value.items)}[]`;
  return value.format ? `${type} (${String(value.format)})` : type;
}

function Properties({ schema, components }: { schema: unknown; components: Json }) {
  const name = refName(schema);
  const resolved = asJson(name ? components[name] : schema);
  const properties = asJson(resolved.properties);
  const required = new Set(Array.isArray(resolved.required) ? resolved.required : []);
  const entries = Object.entries(properties);
  if (entries.length === 0) return null;
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[12rem_1fr]">
      {entries.map(([property, value]) => (
        <div key={property} className="contents">
          <dt className="font-mono">
            {property}
            {required.has(property) ? <span aria-hidden="true">*</span> : null}
          </dt>
          <dd className="text-muted-foreground">
            <code>{typeText(value)}</code>
            {asJson(value).description ? ` — ${String(asJson(value).description)}` : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The readable reference of /api/v1: every operation of the generated OpenAPI document. */
export async function ApiReference({ document }: { document: OpenApiDocument }) {
  const t = await getTranslations("apiReference");
  const components = asJson(document.components?.schemas);
  const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(asJson(item)).map(([method, op]) => ({ path, method, op: asJson(op) })),
  );
  return (
    <article className="mx-auto max-w-4xl space-y-10 px-4 py-12">
      <header className="space-y-2">
        <h1 className="text-4xl font-bold tracking-tight">{t("title")}</h1>
        <p className="text-muted-foreground">{t("subtitle", { version: document.info.version })}</p>
        <p className="text-muted-foreground">{t("guide")}</p>
        <p>
          <a href="/api/v1/openapi.json" className="underline underline-offset-4">
            {t("document")}
          </a>{" "}
          <code className="text-sm">{document.servers?.[0]?.url}</code>
        </p>
      </header>
      {(document.tags ?? []).map((tag) => (
        <section key={tag.name} className="space-y-6" aria-labelledby={`tag-${tag.name}`}>
          <h2 id={`tag-${tag.name}`} className="text-2xl font-semibold">
            {tag.name}
            <span className="ml-2 text-base font-normal text-muted-foreground">{tag.description}</span>
          </h2>
          {operations
            .filter(({ op }) => Array.isArray(op.tags) && op.tags.includes(tag.name))
            .map(({ path, method, op }) => {
              const parameters = (Array.isArray(op.parameters) ? op.parameters : []).map(asJson);
              const body = asJson(asJson(asJson(op.requestBody).content)["application/json"]).schema;
              const responses = Object.entries(asJson(op.responses));
              return (
                <div
                  key={`${method} ${path}`}
                  id={String(op.operationId)}
                  className="space-y-3 rounded-lg border p-4"
                >
                  <h3 className="flex flex-wrap items-center gap-2 font-mono text-sm">
                    <Badge>{method.toUpperCase()}</Badge>
                    <span>{path}</span>
                    <span className="font-sans text-base font-semibold">{String(op.summary)}</span>
                  </h3>
                  {op.description ? (
                    <p className="text-sm text-muted-foreground">{String(op.description)}</p>
                  ) : null}
                  {parameters.length > 0 ? (
                    <div className="space-y-1">
                      <h4 className="text-sm font-medium">{t("parameters")}</h4>
                      <ul className="space-y-1 text-sm">
                        {parameters.map((parameter) => (
                          <li key={`${String(parameter.in)}-${String(parameter.name)}`}>
                            <code>{String(parameter.name)}</code> <code>{typeText(parameter.schema)}</code>{" "}
                            <span className="text-muted-foreground">
                              {t("in", { location: String(parameter.in) })},{" "}
                              {parameter.required ? t("required") : t("optional")}
                              {parameter.description ? ` — ${String(parameter.description)}` : null}
                            </span>
                          </li>
                        ))}
                      </ul>
                    </div>
                  ) : null}
                  {body ? (
                    <div className="space-y-1">
                      <h4 className="text-sm font-medium">
                        {t("requestBody")} {refName(body) ? <code>{refName(body)}</code> : null}
                      </h4>
                      <Properties schema={body} components={components} />
                    </div>
                  ) : null}
                  <div className="space-y-1">
                    <h4 className="text-sm font-medium">{t("responses")}</h4>
                    <ul className="space-y-1 text-sm">
                      {responses.map(([status, response]) => {
                        const schema = asJson(asJson(asJson(response).content)["application/json"]).schema;
                        return (
                          <li key={status}>
                            <code>{status}</code> {String(asJson(response).description)}{" "}
                            {schema ? (
                              <code className="text-muted-foreground">{typeText(schema)}</code>
                            ) : null}
                          </li>
                        );
                      })}
                    </ul>
                  </div>
                </div>
              );
            })}
        </section>
      ))}
      <section className="space-y-6" aria-labelledby="schemas">
        <h2 id="schemas" className="text-2xl font-semibold">
          {t("schemas")}
        </h2>
        {Object.entries(components).map(([name, schema]) => (
          <div key={name} id={`schema-${name}`} className="space-y-2">
            <h3 className="font-mono font-semibold">{name}</h3>
            {asJson(schema).description ? (
              <p className="text-sm text-muted-foreground">{String(asJson(schema).description)}</p>
            ) : null}
            <Properties schema={schema} components={components} />
          </div>
        ))}
      </section>
    </article>
  );
}
