import { z } from "zod";
import { issueParams } from "@/lib/errors/zod-error";
import type { Problem } from "@/lib/errors/error-codes";
import { MESSAGE_FIELDS, unknownFields, usesField, type YearlyDate } from "@/lib/messages/render-fields";

export const MESSAGE_MAX_LENGTH = 1600;

const FIELD_LIST = MESSAGE_FIELDS.map((field) => `{${field}}`).join(", ");

/**
 * A message's field mistake, or null: a `{word}` we do not fill in, or `{age}` without a contact
 * date that has a year (the age is counted from it). Shared by the dialog, the reminder routes
 * and the template routes.
 */
export function messageFieldsProblem(
  message: string | null | undefined,
  context: { contactDate?: YearlyDate | null; allowAge?: boolean } = {},
): (Problem & { fields: string[] }) | null {
  if (!message) return null;
  const unknown = unknownFields(message);
  if (unknown.length > 0) {
    const named = unknown.map((field) => `{${field}}`).join(", ");
    return {
      code: "unknown_fields",
      message: `Unknown field${unknown.length > 1 ? "s" : ""} ${named}; the fields are ${FIELD_LIST}`,
      fields: unknown,
    };
  }
  if (!context.allowAge && usesField(message, "age") && context.contactDate?.year == null)
    return {
      code: "age_needs_birth_year",
      message: "{age} needs a reminder made from a contact date with a year",
      fields: ["age"],
    };
  return null;
}

/** The message as a zod schema with its field check; `{age}` is refused unless `allowAge`. */
export const messageSchema = (context: { allowAge?: boolean } = {}) =>
  z
    .string()
    .max(MESSAGE_MAX_LENGTH)
    .superRefine((value, ctx) => {
      const problem = messageFieldsProblem(value, context);
      if (problem)
        ctx.addIssue({ code: "custom", message: problem.message, params: issueParams(problem.code) });
    });
