/** A failed call: `status` and the server's `{ message }` (or SPEC's 'status: body text'). */
export class RequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown> | null,
  ) {
    super(message);
    this.name = "RequestError";
  }
}

/** Browser-side JSON call with the session cookie; a body is sent only when given. */
export async function requestJson<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: "include",
    headers: body === undefined ? undefined : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!response.ok) {
    const parsed = json && typeof json === "object" ? (json as Record<string, unknown>) : null;
    const message =
      typeof parsed?.message === "string"
        ? parsed.message
        : `${response.status}: ${text || response.statusText}`;
    throw new RequestError(response.status, message, parsed);
  }
  return json as T;
}
