import { z } from "zod";
import { fieldOfCode } from "@/lib/errors/error-field";
import { isErrorCode, type ErrorCode } from "@/lib/errors/error-codes";
import { zodIssueCode } from "@/lib/errors/zod-error";
import type { CallFailure } from "./call-result";
import { ApiRequestError } from "./request";

/** One field's refusal: the request path (`email`, `frequencyConfig.days`, `dates.0.day`), its code and English message. */
export interface FieldProblem {
  path: string;
  code: ErrorCode | null;
  message: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A path, else the field the code names; a refusal of the whole body has neither. */
function problem(path: unknown, code: unknown, message: unknown): FieldProblem | null {
  const known = isErrorCode(code) ? code : null;
  const field = (typeof path === "string" && path) || fieldOfCode(known);
  if (!field) return null;
  return { path: field, code: known, message: typeof message === "string" ? message : "" };
}

/** The error members of a failure: a CallFailure, a thrown ApiRequestError, or a client-side zod error. */
function membersOf(
  failure: unknown,
): { code: unknown; message: unknown; details: Record<string, unknown> } | null {
  if (failure instanceof ApiRequestError) {
    const { code, message, ...details } = failure.body ?? {};
    return { code, message, details };
  }
  if (isRecord(failure) && failure.ok === false && isRecord(failure.details)) {
    const { code, message, details } = failure as unknown as CallFailure;
    return { code, message, details };
  }
  return null;
}

/**
 * The fields a refusal concerns, first problem first, one per path: every zod issue (client-side
 * or the API's `issues`), else the API's `field`, else the field the code names. Empty when the
 * refusal is not about a field (a network failure, a plan limit, a server error).
 */
export function fieldProblemsOf(failure: unknown): FieldProblem[] {
  let found: (FieldProblem | null)[];
  if (failure instanceof z.ZodError) {
    found = failure.issues.map((issue) => problem(issue.path.join("."), zodIssueCode(issue), issue.message));
  } else {
    const members = membersOf(failure);
    if (!members) return [];
    const { code, message, details } = members;
    const issues = Array.isArray(details.issues) ? details.issues.filter(isRecord) : [];
    found = issues.length
      ? issues.map((issue) => problem(issue.path, issue.code, issue.message))
      : [problem(details.field, code, message)];
  }
  const seen = new Set<string>();
  return found.filter((item): item is FieldProblem => {
    if (!item || seen.has(item.path)) return false;
    seen.add(item.path);
    return true;
  });
}
