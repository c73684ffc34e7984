import type { z } from "zod";
import { DomainError } from "./domain-error";
import { isErrorCode, type ErrorCode } from "./error-codes";

/** A zod custom issue's code: `ctx.addIssue({ ..., params: issueParams(code) })`. */
export const issueParams = (code: ErrorCode) => ({ code });

/**
 * The code of a zod issue: the one a refinement put in `params.code`; else a rule-level code
 * (an e-mail format); else `invalid_input`.
 */
export function zodIssueCode(issue: z.core.$ZodIssue): ErrorCode {
  const params = (issue as { params?: { code?: unknown } }).params;
  if (isErrorCode(params?.code)) return params.code;
  if (issue.code === "invalid_format" && (issue as { format?: string }).format === "email")
    return "invalid_email";
  return "invalid_input";
}

/** 'field: message' for the first problem, so the message names the field. */
export function zodMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid input";
  const field = issue.path.join(".");
  return field ? `${field}: ${issue.message}` : issue.message;
}

/** A failed parse as an invalid-input error: the first issue's code and message, every issue in details. */
export function fromZodError(error: z.ZodError): DomainError {
  const first = error.issues[0];
  return new DomainError(
    "invalid",
    { code: first ? zodIssueCode(first) : "invalid_input", message: zodMessage(error) },
    {
      field: first?.path.join(".") || undefined,
      issues: error.issues.map((issue) => ({
        path: issue.path.join("."),
        code: zodIssueCode(issue),
        message: issue.message,
      })),
    },
  );
}
