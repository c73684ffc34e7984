import { env, isProduction } from "./env";

type Level = "debug" | "info" | "warn" | "error";
type Fields = Record<string, unknown>;

const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };
// Never log these, whatever a caller passes: secrets and message bodies.
const redacted = new Set([
  "password",
  "token",
  "secret",
  "authorization",
  "cookie",
  "body",
  "text",
  "html",
  "message",
]);

function clean(fields: Fields): Fields {
  const out: Fields = {};
  for (const [key, value] of Object.entries(fields)) {
    if (redacted.has(key.toLowerCase())) continue;
    out[key] = value instanceof Error ? { name: value.name, message: value.message } : value;
  }
  return out;
}

function write(level: Level, event: string, fields: Fields = {}) {
  if (order[level] < order[env.LOG_LEVEL]) return;
  const stream = level === "error" || level === "warn" ? process.stderr : process.stdout;
  const data = clean(fields);
  if (isProduction) {
    stream.write(`${JSON.stringify({ time: new Date().toISOString(), level, event, ...data })}\n`);
  } else {
    const extra = Object.keys(data).length ? ` ${JSON.stringify(data)}` : "";
    stream.write(`[${level}] ${event}${extra}\n`);
  }
}

/** Structured logs: one JSON line per event in production, one readable line in development. */
export const logger = {
  debug: (event: string, fields?: Fields) => write("debug", event, fields),
  info: (event: string, fields?: Fields) => write("info", event, fields),
  warn: (event: string, fields?: Fields) => write("warn", event, fields),
  error: (event: string, fields?: Fields) => write("error", event, fields),
};
