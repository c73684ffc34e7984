/** A JSON call with cookies (SPEC section 7); resolves to the status and the parsed body. */
export async function apiRequest<T = Record<string, unknown>>(
  path: string,
  method: string,
  body?: unknown,
): Promise<{ ok: boolean; status: number; data: T; headers: Headers }> {
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
    data = { message: `${response.status}: ${text || response.statusText}` };
  }
  return { ok: response.ok, status: response.status, data: data as T, headers: response.headers };
}

/** The server's `{ message }`, or SPEC's 'status: text' form. */
export function errorMessage(status: number, data: unknown): string {
  const message = (data as { message?: unknown } | null)?.message;
  return typeof message === "string" ? message : `${status}: Request failed`;
}
