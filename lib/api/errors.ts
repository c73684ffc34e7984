import { z } from "zod";

/**
 * The API's one error format: `{ code, message, ...details }` with an HTTP status. `code` is
 * stable (snake_case) and names the problem for programs and translations (the UI shows the
 * message `errors.<code>` in the user's language); `message` is English, for logs and callers
 * without a translation. docs/architecture.md lists the codes.
 */
export const ERROR_CODES = [
  // By status, when nothing more specific applies.
  "invalid_input",
  "unauthorized",
  "payment_required",
  "forbidden",
  "not_found",
  "conflict",
  "too_large",
  "unsupported_type",
  "too_many_requests",
  "internal",
  "unavailable",
  // Request format.
  "malformed_json",
  "nul_character",
  "cross_site",
  // Validation (zod issues carry these in `params.code`).
  "invalid_email",
  "invalid_phone",
  "email_or_phone_required",
  "email_delivery_needs_email",
  "sms_delivery_needs_phone",
  "select_contact",
  "enter_message",
  "select_date_time",
  "select_frequency",
  "select_days",
  "select_end_date",
  "unknown_fields",
  "age_needs_birth_year",
  // Reminders.
  "voice_coming_soon",
  "video_coming_soon",
  "contact_not_found",
  "contact_has_no_email",
  "contact_has_no_phone",
  "recurring_needs_paid_plan",
  "scheduled_in_past",
  "no_future_occurrence",
  "invalid_schedule",
  "reminder_not_found",
  "reminder_not_scheduled",
  "reminder_not_failed",
  "send_now_channel",
  "reminder_limit",
  "no_credit",
  // Contacts and uploads.
  "contact_limit",
  "duplicate_email",
  "duplicate_phone",
  "upload_not_found",
  "upload_expired",
  "not_an_image",
  "file_too_large",
  // Billing.
  "payments_not_configured",
  "no_saved_card",
  "auto_recharge_disputed",
  // Message templates.
  "template_not_found",
  "duplicate_template_name",
  "template_limit",
  // Account.
  "email_mismatch",
  // Contact dates.
  "contact_date_not_found",
  "lead_reminder_not_editable",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

const CODE_SET: ReadonlySet<string> = new Set(ERROR_CODES);
export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === "string" && CODE_SET.has(value);

/** A message with its code: domain modules keep their English texts as these. */
export interface Problem {
  code: ErrorCode;
  message: string;
}

const STATUS_CODES: Record<number, ErrorCode> = {
  400: "invalid_input",
  401: "unauthorized",
  402: "payment_required",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
  413: "too_large",
  415: "unsupported_type",
  429: "too_many_requests",
  502: "unavailable",
  503: "unavailable",
};

export const codeForStatus = (status: number): ErrorCode => STATUS_CODES[status] ?? "internal";

/** An error the API shows to the caller as `{ code, message, ...details }` with its status. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  constructor(
    readonly status: number,
    problem: string | Problem,
    readonly details?: Record<string, unknown>,
  ) {
    super(typeof problem === "string" ? problem : problem.message);
    this.name = "ApiError";
    this.code = typeof problem === "string" ? codeForStatus(status) : problem.code;
  }
}

export const badRequest = (problem: string | Problem, details?: Record<string, unknown>) =>
  new ApiError(400, problem, details);
export const unauthorized = () => new ApiError(401, "Unauthorized");
export const forbidden = (problem: string | Problem = "Forbidden") => new ApiError(403, problem);
/** Another user's record and an unknown id look the same: 404. */
export const notFound = (problem: string | Problem = "Not found") => new ApiError(404, problem);
export const conflict = (problem: string | Problem, details?: Record<string, unknown>) =>
  new ApiError(409, problem, details);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new ApiError(429, "Too many requests, please try again later", { retryAfter: retryAfterSeconds });

/** A zod custom issue's code: `ctx.addIssue({ ..., params: { code } })` or `{ params: { code } }`. */
export const issueParams = (code: ErrorCode) => ({ code });

/**
 * The code of a zod issue: the one a refinement put in `params.code`; else a rule-level code
 * (an e-mail format, a missing name); else `invalid_input`.
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

export function fromZodError(error: z.ZodError): ApiError {
  const first = error.issues[0];
  return badRequest(
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
