import type { ErrorCode, Problem } from "./error-codes";

/**
 * What kind of refusal an error is, independent of transport: the API maps each kind to one
 * HTTP status in one place (lib/api/to-error-response.ts), server actions to a result value.
 */
export type ErrorKind =
  | "invalid"
  | "unauthenticated"
  | "payment_required"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "unprocessable"
  | "too_large"
  | "unsupported_type"
  | "rate_limited"
  | "unavailable"
  | "upstream_failed"
  | "internal";

/** The code a bare message gets from its kind. */
const KIND_CODES: Record<ErrorKind, ErrorCode> = {
  invalid: "invalid_input",
  unauthenticated: "unauthorized",
  payment_required: "payment_required",
  forbidden: "forbidden",
  not_found: "not_found",
  conflict: "conflict",
  unprocessable: "unprocessable",
  too_large: "too_large",
  unsupported_type: "unsupported_type",
  rate_limited: "too_many_requests",
  unavailable: "unavailable",
  upstream_failed: "unavailable",
  internal: "internal",
};

/** A refusal that domain code throws: its kind, a stable code, an English message and details. */
export class DomainError extends Error {
  readonly code: ErrorCode;
  constructor(
    readonly kind: ErrorKind,
    problem: string | Problem,
    readonly details?: Record<string, unknown>,
  ) {
    super(typeof problem === "string" ? problem : problem.message);
    this.name = "DomainError";
    this.code = typeof problem === "string" ? KIND_CODES[kind] : problem.code;
  }
}

type Details = Record<string, unknown>;

export const invalidInput = (problem: string | Problem, details?: Details) =>
  new DomainError("invalid", problem, details);
export const unauthenticated = () => new DomainError("unauthenticated", "Unauthorized");
export const paymentRequired = (problem: Problem, details?: Details) =>
  new DomainError("payment_required", problem, details);
export const forbidden = (problem: string | Problem = "Forbidden", details?: Details) =>
  new DomainError("forbidden", problem, details);
/** Another user's record and an unknown id look the same: not found. */
export const notFound = (problem: string | Problem = "Not found") => new DomainError("not_found", problem);
export const conflict = (problem: string | Problem, details?: Details) =>
  new DomainError("conflict", problem, details);
export const tooLarge = (problem: string | Problem) => new DomainError("too_large", problem);
export const unsupportedType = (problem: string | Problem) => new DomainError("unsupported_type", problem);
export const rateLimited = (retryAfterSeconds: number) =>
  new DomainError("rate_limited", "Too many requests, please try again later", {
    retryAfter: retryAfterSeconds,
  });
/** A service we depend on is not configured or not reachable. */
export const unavailable = (problem: string | Problem) => new DomainError("unavailable", problem);
/** A service we depend on answered something unusable. */
export const upstreamFailed = (problem: string | Problem) => new DomainError("upstream_failed", problem);
