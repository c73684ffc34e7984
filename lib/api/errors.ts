import { z } from "zod";

/** An error the API shows to the caller as `{ message }` with its status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const badRequest = (message: string, details?: Record<string, unknown>) =>
  new ApiError(400, message, details);
export const unauthorized = () => new ApiError(401, "Unauthorized");
export const forbidden = (message = "Forbidden") => new ApiError(403, message);
/** Another user's record and an unknown id look the same: 404. */
export const notFound = (message = "Not found") => new ApiError(404, message);
export const conflict = (message: string, details?: Record<string, unknown>) =>
  new ApiError(409, message, details);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new ApiError(429, "Too many requests, please try again later", { retryAfter: retryAfterSeconds });

/** 'field: message' for the first problem, so the message names the field. */
export function zodMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid input";
  const field = issue.path.join(".");
  return field ? `${field}: ${issue.message}` : issue.message;
}

export function fromZodError(error: z.ZodError): ApiError {
  return badRequest(zodMessage(error), {
    issues: error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message })),
  });
}
