import { z } from "zod";
import { issueParams } from "@/lib/errors/zod-error";
import type { Problem } from "@/lib/errors/error-codes";
import { FIELD_NAMES, MESSAGE_FIELDS, fieldList } from "@/lib/messages/field-names";
import { fieldUsed, unknownFields, type YearlyDate } from "@/lib/messages/render-fields";

export const MESSAGE_MAX_LENGTH = 1600;

// The API's own messages are English: they list the English names (Spanish and French ones are
// accepted as well, docs/messages.md).
const FIELD_LIST = fieldList("en");

const namesIn = (locale: "es" | "fr") =>
  MESSAGE_FIELDS.flatMap((field) => FIELD_NAMES[field][locale].map((name) => `{${name}}`))
    .filter((token, index, all) => all.indexOf(token) === index)
    .join(", ");

/** What the API document says of a message's fields, from the catalogue. */
export const MESSAGE_FIELDS_DESCRIPTION =
  `Fields in braces are filled in for each recipient: ${FIELD_LIST}. Their Spanish names ` +
  `(${namesIn("es")}) and French names (${namesIn("fr")}) work as well, in any message. Any ` +
  "other lower-case `{word}` is refused (`unknown_fields`); `{Word}` and `{ word }` are text.";

/**
 * A message's field mistake, or null: a `{word}` we do not fill in (in no language), or `{age}`
 * (by any of its names) without a contact date that has a year (the age is counted from it).
 * Shared by the dialog, the reminder routes and the template routes.
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
  const age = context.allowAge ? null : fieldUsed(message, "age");
  if (age && context.contactDate?.year == null)
    return {
      code: "age_needs_birth_year",
      // Named as written: "{edad} needs ...".
      message: `${age} needs a reminder made from a contact date with a year`,
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
    })
    .meta({ description: MESSAGE_FIELDS_DESCRIPTION });
