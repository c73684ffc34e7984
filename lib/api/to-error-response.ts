import "server-only";
import { z } from "zod";
import { logger } from "@/lib/logger";
import { DomainError, type ErrorKind } from "@/lib/errors/domain-error";
import { fromZodError } from "@/lib/errors/zod-error";
import { errorDetails } from "@/lib/errors/error-field";
import { unreachableReason } from "@/lib/db/database-unreachable";

/** What a 503 for an unreachable database suggests: a restart or a failover takes seconds. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The one place where a kind of refusal becomes an HTTP status. */
export const HTTP_STATUS: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  too_large: 413,
  unsupported_type: 415,
  rate_limited: 429,
  upstream_failed: 502,
  unavailable: 503,
  internal: 500,
};

interface PgError {
  code?: string;
  constraint?: string;
}

function pgErrorOf(error: unknown): PgError | undefined {
  const candidate = (error as { cause?: unknown })?.cause ?? error;
  if (candidate && typeof candidate === "object" && "code" in candidate) return candidate as PgError;
  return undefined;
}

/**
 * PostgreSQL errors that mean the caller's input broke a rule the database guards: check,
 * invalid text representation, value too long, not null, and 22021 (a NUL or invalid byte in
 * text, from an input path that skipped the JSON reader's check).
 */
const INPUT_ERROR_CODES = new Set(["23514", "22P02", "22001", "23502", "22021"]);

/** Any thrown value as a domain error: known refusals as they are, database rule breaks by kind, the rest internal. */
export function toDomainError(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  if (error instanceof z.ZodError) return fromZodError(error);
  const pg = pgErrorOf(error);
  // A constraint the database guards that validation let through is still the caller's input.
  if (pg?.code && INPUT_ERROR_CODES.has(pg.code)) {
    return new DomainError(
      "invalid",
      "Invalid input",
      pg.constraint ? { constraint: pg.constraint } : undefined,
    );
  }
  if (pg?.code === "23505") return new DomainError("conflict", "Already exists");
  if (pg?.code === "23503") return new DomainError("not_found", "Not found");
  const unreachable = unreachableReason(error);
  if (unreachable) {
    logger.warn("api.database_unreachable", { error: unreachable });
    return new DomainError(
      "unavailable",
      { code: "database_unavailable", message: "The database cannot be reached; try again shortly" },
      { retryAfter: DATABASE_RETRY_AFTER_SECONDS },
    );
  }
  logger.error("api.unhandled_error", { error: error instanceof Error ? error : String(error) });
  return new DomainError("internal", "Internal server error");
}

/** The API's one error format: `{ code, message, ...details }` (with `field` when known) and the kind's status. */
export function toErrorResponse(error: unknown): Response {
  const domainError = toDomainError(error);
  const headers: Record<string, string> = {};
  // A 401's challenge (RFC 9110 §11.6.1) is a header, not part of the body.
  const { wwwAuthenticate, ...details } = errorDetails(domainError);
  if (typeof details.retryAfter === "number") headers["Retry-After"] = String(details.retryAfter);
  if (typeof wwwAuthenticate === "string") headers["WWW-Authenticate"] = wwwAuthenticate;
  return Response.json(
    { code: domainError.code, message: domainError.message, ...details },
    { status: HTTP_STATUS[domainError.kind], headers },
  );
}
