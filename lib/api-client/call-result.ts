/**
 * What the browser gets back from a call, through the fetch client (`apiResult`) or a server
 * action (`userAction`) alike: the data, or the refusal in the API's error format.
 */
export type CallResult<T> = { ok: true; data: T } | CallFailure;

export interface CallFailure {
  ok: false;
  /** The HTTP status; for a server action, the one the API answers for that refusal. */
  status: number;
  /** The stable error code (lib/errors/error-codes.ts); null when the answer carried none. */
  code: string | null;
  /** English: the server's message, else '<status>: <body text or status text>'. */
  message: string;
  /** The error's other members: `limit`, `field`, `issues`, `retryAfter`, ... */
  details: Record<string, unknown>;
}
