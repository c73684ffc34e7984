export interface ApiResult<T> {
  ok: boolean;
  status: number;
  data: T;
  headers: Headers;
  /** For a failure: the server's `{ message }`, else SPEC's 'status: body text (or status text)'. */
  message: string;
}

/** A JSON call with cookies (SPEC section 7); a body is sent as JSON only when present. */
export async function apiRequest<T = Record<string, unknown>>(
  path: string,
  method: string,
  body?: unknown,
): Promise<ApiResult<T>> {
  const response = await fetch(path, {
    method,
    credentials: "include",
    headers: body === undefined ? undefined : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  const serverMessage = (data as { message?: unknown } | null)?.message;
  const message =
    typeof serverMessage === "string" ? serverMessage : `${response.status}: ${text || response.statusText}`;
  return { ok: response.ok, status: response.status, data: data as T, headers: response.headers, message };
}
