import { NextRequest } from "next/server";

type RouteHandler = (
  request: NextRequest,
  context: { params: Promise<Record<string, string | string[] | undefined>> },
) => Promise<Response>;

export interface CallOptions {
  method?: string;
  /** Object bodies are sent as JSON; strings are sent as they are (for malformed JSON). */
  body?: unknown;
  cookie?: string;
  params?: Record<string, string>;
  headers?: Record<string, string>;
  query?: Record<string, string>;
}

/** Calls a route handler the way Next does, with a real Request, and reads its JSON. */
export async function callRoute<T = Record<string, unknown>>(
  handler: RouteHandler,
  path: string,
  options: CallOptions = {},
) {
  const url = new URL(path, "http://localhost:3000");
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  const request = new NextRequest(url, { method: options.method ?? "GET", headers, body });
  const response = await handler(request, { params: Promise.resolve(options.params ?? {}) });
  const text = await response.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, json: json as T, text, headers: response.headers };
}
