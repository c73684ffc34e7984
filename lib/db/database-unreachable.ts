/**
 * PostgreSQL's own codes for "the server is not there": connection exceptions (class 08),
 * shutdown or restart in progress (57P01-57P03), no free connection slot (53300).
 */
const SERVER_CODES = /^(08...|57P0[123]|53300)$/;
/** The socket's view of it: refused, reset, timed out, unknown or unreachable host. */
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "EPIPE",
]);
/** node-postgres says it in words only. */
const CLIENT_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error",
  "Connection ended unexpectedly",
];

function reasons(error: unknown, depth = 0): unknown[] {
  if (!error || typeof error !== "object" || depth > 4) return [];
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  const nested = [cause, ...(Array.isArray(errors) ? errors : [])];
  return [error, ...nested.flatMap((inner) => reasons(inner, depth + 1))];
}

/**
 * Why `error` (as thrown by a query, however wrapped: drizzle's query error, Node's
 * AggregateError of one attempt per address) means the database could not be reached, rather
 * than that it refused the statement: the innermost such reason, else undefined.
 */
export function unreachableReason(error: unknown): Error | undefined {
  const found = reasons(error).findLast((reason) => {
    const { code, message } = reason as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (SERVER_CODES.test(code) || SOCKET_CODES.has(code))) return true;
    return typeof message === "string" && CLIENT_MESSAGES.some((text) => message.startsWith(text));
  });
  return found as Error | undefined;
}

export const isDatabaseUnreachable = (error: unknown): boolean => unreachableReason(error) !== undefined;
