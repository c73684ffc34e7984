/**
 * The browser's one way to call our API (SPEC sections 7 and 8): cookies always sent, a JSON
 * body only when there is one, and any non-OK response thrown as `Error("<status>: <body text
 * or status text>")`. `serverMessage` carries the `{ message }` of our JSON errors for toasts.
 */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    readonly serverMessage: string,
  ) {
    super(`${status}: ${bodyText}`);
    this.name = "ApiRequestError";
  }
}

function messageOf(bodyText: string, fallback: string): string {
  try {
    const parsed: unknown = JSON.parse(bodyText);
    if (parsed && typeof parsed === "object" && "message" in parsed && typeof parsed.message === "string") {
      return parsed.message;
    }
  } catch {
    // Not JSON: the text itself is the message.
  }
  return bodyText || fallback;
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = (await response.text()) || response.statusText;
  throw new ApiRequestError(response.status, text, messageOf(text, response.statusText));
}

export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: "include",
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await throwIfNotOk(response);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** GET of the path joined from its key segments; `on401: "null"` treats signed out as no data. */
export async function apiGet<T>(
  segments: readonly string[],
  options: { on401?: "null" | "throw" } = {},
): Promise<T | null> {
  const response = await fetch(segments.join("/"), { credentials: "include" });
  if (response.status === 401 && options.on401 === "null") return null;
  await throwIfNotOk(response);
  return (await response.json()) as T;
}

/** The text a toast shows for a failed call. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiRequestError) return error.serverMessage;
  return error instanceof Error ? error.message : String(error);
}
