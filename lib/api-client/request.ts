import type { CallFailure, CallResult } from "./call-result";

/**
 * The browser's one way to call our API: cookies always sent, a JSON body only when there is
 * one. `apiResult` answers every response as a `CallResult` (the shape server actions answer too)
 * with the response headers; `apiRequest` throws a non-OK one as `Error("<status>: <body text or
 * status text>")` whose `serverMessage` carries the `{ message }` of our JSON errors for toasts.
 */
export type ApiResult<T> = CallResult<T> & { headers: Headers };

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    readonly serverMessage: string,
    /** The parsed JSON error body (`{ message, code, ... }`), when there was one. */
    readonly body: Record<string, unknown> | null,
    readonly code: string | null = null,
  ) {
    super(`${status}: ${bodyText}`);
    this.name = "ApiRequestError";
  }
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

async function send(method: string, url: string, body?: unknown) {
  const response = await fetch(url, {
    method,
    credentials: "include",
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const raw = await response.text();
  return { response, data: parseJson(raw), text: raw || response.statusText };
}

function failureOf(status: number, data: unknown, text: string): CallFailure {
  const { code, message, ...details } = isRecord(data) ? data : {};
  return {
    ok: false,
    status,
    code: typeof code === "string" ? code : null,
    message: typeof message === "string" ? message : `${status}: ${text}`,
    details,
  };
}

export async function apiResult<T = unknown>(
  method: string,
  url: string,
  body?: unknown,
): Promise<ApiResult<T>> {
  const { response, data, text } = await send(method, url, body);
  if (response.ok) return { ok: true, data: data as T, headers: response.headers };
  return { ...failureOf(response.status, data, text), headers: response.headers };
}

export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
  const { response, data, text } = await send(method, url, body);
  if (response.ok) return data as T;
  const failure = failureOf(response.status, data, text);
  throw new ApiRequestError(
    response.status,
    text,
    failure.message,
    isRecord(data) ? data : null,
    failure.code,
  );
}

/** The text a toast shows for a failed call. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiRequestError) return error.serverMessage;
  return error instanceof Error ? error.message : String(error);
}
