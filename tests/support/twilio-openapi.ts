import calls from "../fixtures/twilio-oai/twilio_api_v2010.calls.json";
import messages from "../fixtures/twilio-oai/twilio_api_v2010.messages.json";

/** The parts of an OpenAPI 3.0 schema Twilio's Messages and Calls descriptions use. */
interface Schema {
  type?: string;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  enum?: string[];
  items?: Schema;
  $ref?: string;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema: Schema;
}

interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: {
    content: Record<string, { schema: { properties: Record<string, Schema>; required?: string[] } }>;
  };
}

export interface TwilioRequest {
  method: string;
  pathname: string;
  query: URLSearchParams;
  form: URLSearchParams;
  contentType?: string;
}

/** The two excerpts of Twilio's description of its 2010-04-01 API, read as one. */
const paths = { ...messages.paths, ...calls.paths } as unknown as Record<
  string,
  Record<string, Operation | unknown>
>;
const schemas = { ...messages.components.schemas, ...calls.components.schemas } as Record<string, Schema>;

/**
 * Rules the schema leaves out, from Twilio's Messages API reference
 * (https://www.twilio.com/docs/messaging/api/message-resource, "Create a Message resource"): a
 * sender, From or MessagingServiceSid, and content, Body, MediaUrl or ContentSid (error 21619,
 * https://www.twilio.com/docs/api/errors/21619). Upstream's description carries them as the
 * operation's `x-twilio.conditional`, which the excerpt does not keep. At least one of each
 * group: From beside MessagingServiceSid picks a sender of the service's pool, Body beside MediaUrl
 * is an MMS.
 */
const ONE_OF_EACH: Record<string, string[][]> = {
  CreateMessage: [
    ["From", "MessagingServiceSid"],
    ["Body", "MediaUrl", "ContentSid"],
  ],
  // The call's instructions: CreateCall's `conditional` upstream ("url, twiml or application_sid";
  // https://www.twilio.com/docs/voice/api/call-resource, "Create a Call resource"; error 21205).
  CreateCall: [["Url", "Twiml", "ApplicationSid"]],
};

/**
 * date-time: the Messages list documents its DateSent filters as a GMT date `YYYY-MM-DD`
 * (DateSent<, DateSent> for on or before / after midnight; Twilio's message-resource page, "Read
 * multiple Message resources"), and its helper libraries send an ISO 8601 date-time (twilio-node's
 * serialize.iso8601DateTime), as SendAt documents ("Must be in ISO 8601 format"). Both are taken;
 * the other strings among the description's examples (e.g. "06/11/2019 22:05:25 MST") are read
 * results Twilio tolerates, not a documented form, so they are refused.
 */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2}))?$/;

/**
 * phone-number: E.164, optionally as a WhatsApp channel address. Twilio also takes short codes and
 * alphanumeric sender IDs as From; the app sends neither, so they are refused here. endpoint (a
 * call's To and From): a phone number, SIP address or client identifier; the app calls phones
 * from a number, so only E.164 is taken.
 */
const PHONE_NUMBER = /^(whatsapp:)?\+[1-9]\d{1,14}$/;
const ENDPOINT = /^\+[1-9]\d{1,14}$/;

function formatViolation(format: string, value: string): string | null {
  if (format === "phone-number") return PHONE_NUMBER.test(value) ? null : "not an E.164 number";
  if (format === "endpoint") return ENDPOINT.test(value) ? null : "not an E.164 number";
  if (format === "date-time") {
    return DATE_TIME.test(value) && !Number.isNaN(Date.parse(value))
      ? null
      : "not a YYYY-MM-DD date or ISO date-time";
  }
  if (format === "uri") {
    // Twilio fetches or calls it: an absolute http(s) URL whose hostname has no underscore.
    try {
      const url = new URL(value);
      if (url.protocol !== "http:" && url.protocol !== "https:") return "not an http(s) URL";
      return url.hostname.includes("_") ? "a hostname with an underscore" : null;
    } catch {
      return "not an absolute URL";
    }
  }
  return null; // int64 and other formats say nothing beyond the type
}

/** The schema a `$ref` names (the description's refs all point into components.schemas). */
function resolve(schema: Schema): Schema | undefined {
  return schema.$ref ? schemas[schema.$ref.replace("#/components/schemas/", "")] : schema;
}

function valueViolations(name: string, value: string, raw: Schema): string[] {
  const schema = resolve(raw);
  if (!schema) return [`${name}: unresolved ${raw.$ref}`];
  if (schema.type === "array") return valueViolations(name, value, schema.items ?? {});
  const found: string[] = [];
  const bad = (why: string) => found.push(`${name}=${JSON.stringify(value)}: ${why}`);
  if (schema.type === "integer" && !/^-?\d+$/.test(value)) bad("not an integer");
  if (schema.type === "number" && (value.trim() === "" || !Number.isFinite(Number(value))))
    bad("not a number");
  if (schema.type === "boolean" && value !== "true" && value !== "false") bad("not true or false");
  if (schema.minimum !== undefined && Number(value) < schema.minimum) bad(`below ${schema.minimum}`);
  if (schema.maximum !== undefined && Number(value) > schema.maximum) bad(`above ${schema.maximum}`);
  const length = Array.from(value).length;
  if (schema.minLength !== undefined && length < schema.minLength) bad(`shorter than ${schema.minLength}`);
  if (schema.maxLength !== undefined && length > schema.maxLength) bad(`longer than ${schema.maxLength}`);
  if (schema.pattern && !new RegExp(schema.pattern).test(value)) bad(`does not match ${schema.pattern}`);
  if (schema.enum && !schema.enum.includes(value)) bad(`not one of ${schema.enum.join(", ")}`);
  const format = schema.format && formatViolation(schema.format, value);
  if (format) bad(format);
  return found;
}

/** Unknown, missing, repeated (outside arrays) and malformed parameters of one part of a request. */
function partViolations(
  part: string,
  params: URLSearchParams,
  declared: Record<string, Schema>,
  required: string[],
): string[] {
  const found: string[] = [];
  for (const name of new Set(params.keys())) {
    const schema = declared[name];
    if (!schema) {
      found.push(`${part}: unknown parameter ${name}`);
      continue;
    }
    const values = params.getAll(name);
    if (values.length > 1 && resolve(schema)?.type !== "array") found.push(`${part}: ${name} repeated`);
    for (const value of values)
      found.push(...valueViolations(name, value, schema).map((v) => `${part}: ${v}`));
  }
  for (const name of required) if (!params.has(name)) found.push(`${part}: missing required ${name}`);
  return found;
}

/** What Twilio's description of its Messages and Calls APIs refuses in a request; empty when it takes it. */
export function twilioRequestViolations(request: TwilioRequest): string[] {
  for (const [template, item] of Object.entries(paths)) {
    const names = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    const shape = template.replace(/[.]/g, "\\.").replace(/\{\w+\}/g, "([^/]+)");
    const match = new RegExp(`^${shape}$`).exec(request.pathname);
    if (!match) continue;
    const operation = item[request.method.toLowerCase()] as Operation | undefined;
    if (!operation?.operationId) return [`no ${request.method} operation on ${template}`];
    const found: string[] = [];
    const parameters = operation.parameters ?? [];
    names.forEach((name, i) => {
      const parameter = parameters.find((p) => p.in === "path" && p.name === name);
      const value = decodeURIComponent(match[i + 1]);
      if (parameter) found.push(...valueViolations(name, value, parameter.schema).map((v) => `path: ${v}`));
    });
    const query = parameters.filter((p) => p.in === "query");
    found.push(
      ...partViolations(
        "query",
        request.query,
        Object.fromEntries(query.map((p) => [p.name, p.schema])),
        query.filter((p) => p.required).map((p) => p.name),
      ),
    );
    const bodies = operation.requestBody?.content ?? {};
    const [contentType] = Object.keys(bodies);
    if (!contentType) {
      if ([...request.form.keys()].length > 0) found.push(`body: ${operation.operationId} takes no body`);
      return found;
    }
    if (request.contentType !== undefined && request.contentType.split(";")[0].trim() !== contentType) {
      found.push(`body: content type ${request.contentType}, not ${contentType}`);
    }
    const body = bodies[contentType].schema;
    found.push(...partViolations("body", request.form, body.properties, body.required ?? []));
    for (const group of ONE_OF_EACH[operation.operationId] ?? []) {
      if (!group.some((name) => request.form.has(name))) found.push(`body: none of ${group.join(", ")}`);
    }
    return found;
  }
  return [`no path of the description matches ${request.pathname}`];
}
