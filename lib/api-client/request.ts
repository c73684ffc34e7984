/**
 * The browser's one way to call our API: cookies always sent, a JSON
 * body only when there is one. `apiResult` answers every response (screens that read headers or
 * branch on the status); `apiRequest` throws a non-OK one as `Error("<status>: <body text or
 * status text>")` whose `serverMessage` carries the `{ message }` of our JSON errors for toasts.
 */
export interface ApiResult<T> {
  ok: boolean;
  status: number;
  data: T;
  headers: Headers;
  /** The response text, or its status text when empty. */
  text: string;
  /** The server's `{ message }`, else '<status>: <body text or status text>'. */
  message: string;
  /** The server's stable error `code` (lib/errors/error-codes.ts), when it sent one. */
  code: string | null;
}

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

export async function apiResult<T = unknown>(
  method: string,
  url: string,
  body?: unknown,
): Promise<ApiResult<T>> {
  const response = await fetch(url, {
    method,
    credentials: "include",
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const raw = await response.text();
  const data = parseJson(raw);
  const text = raw || response.statusText;
  const serverMessage =
    data && typeof data === "object" && "message" in data && typeof data.message === "string"
      ? data.message
      : null;
  const code =
    data && typeof data === "object" && "code" in data && typeof data.code === "string" ? data.code : null;
  return {
    ok: response.ok,
    code,
    status: response.status,
    data: data as T,
    headers: response.headers,
    text,
    message: serverMessage ?? `${response.status}: ${text}`,
  };
}

export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
  const result = await apiResult<T>(method, url, body);
  if (result.ok) return result.data;
  const errorBody =
    result.data && typeof result.data === "object" ? (result.data as Record<string, unknown>) : null;
  throw new ApiRequestError(result.status, result.text, result.message, errorBody, result.code);
}

/** The text a toast shows for a failed call. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiRequestError) return error.serverMessage;
  return error instanceof Error ? error.message : String(error);
}
