import "server-only";
import type { z } from "zod";
import { zodIssueCode } from "@/lib/errors/zod-error";
import type { ErrorCode } from "@/lib/errors/error-codes";
import { CONTACT_LIMIT_MESSAGE } from "./contact-limit";
import { duplicateProblem } from "./duplicate-keys";

/** A row's failure as the UI translates it: an error code, or a too-long field. */
export type ImportFailureCode = ErrorCode | "too_long";

/** The code of a row that failed the contact schema, and the field it names. */
export function invalidRowCode(issue: z.core.$ZodIssue | undefined): {
  code: ImportFailureCode;
  field?: string;
} {
  if (!issue) return { code: "invalid_input" };
  const field = typeof issue.path[0] === "string" ? issue.path[0] : undefined;
  return { code: issue.code === "too_big" ? "too_long" : zodIssueCode(issue), field };
}

/** The code of a row the insert refused (a duplicate, or past the plan's limit). */
export function refusedRowCode(reason: string): ImportFailureCode {
  return reason === CONTACT_LIMIT_MESSAGE ? "contact_limit" : duplicateProblem(reason).code;
}
