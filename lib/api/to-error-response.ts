import { z } from "zod";
import { logger } from "@/lib/logger";
import { ApiError, fromZodError } from "./errors";

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

/** Maps any thrown value to the API's one error shape: `{ code, message }` (+ details) with a status. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof z.ZodError) return fromZodError(error);
  const pg = pgErrorOf(error);
  // A constraint the database guards that validation let through is still the caller's input.
  if (pg?.code && INPUT_ERROR_CODES.has(pg.code)) {
    return new ApiError(400, "Invalid input", pg.constraint ? { constraint: pg.constraint } : undefined);
  }
  if (pg?.code === "23505") return new ApiError(409, "Already exists");
  if (pg?.code === "23503") return new ApiError(404, "Not found");
  logger.error("api.unhandled_error", { error: error instanceof Error ? error : String(error) });
  return new ApiError(500, "Internal server error");
}

export function toErrorResponse(error: unknown): Response {
  const apiError = toApiError(error);
  const headers: Record<string, string> = {};
  const retryAfter = apiError.details?.retryAfter;
  if (typeof retryAfter === "number") headers["Retry-After"] = String(retryAfter);
  return Response.json(
    { code: apiError.code, message: apiError.message, ...apiError.details },
    { status: apiError.status, headers },
  );
}
