import { z } from "zod";
import { ERROR_CODES } from "@/lib/errors/error-codes";

/** An instant in UTC, as JSON writes a date: `2030-01-15T09:00:00.000Z`. */
export const instant = () => z.iso.datetime();

/** The one error format of every answer that is not a success. */
export const errorSchema = z
  .object({
    code: z.enum(ERROR_CODES).meta({ description: "Stable code; `message` depends on Accept-Language." }),
    message: z.string(),
    field: z.string().optional().meta({
      description:
        "The request field the error concerns: the first that failed validation, or the one a refusal names (a taken email, an unusable webhook URL).",
    }),
    issues: z
      .array(z.object({ path: z.string(), code: z.enum(ERROR_CODES), message: z.string() }))
      .optional()
      .meta({ description: "Every validation problem, in English." }),
    retryAfter: z.number().int().optional().meta({ description: "Seconds to wait (also in Retry-After)." }),
  })
  .meta({
    id: "Error",
    description: "Some errors add details (for example `limit` or `max`) beside these fields.",
  });

/** A list's page: the items and the cursor of the next page (null on the last one). */
export function pageSchema<T extends z.ZodType>(item: T, id: string) {
  return z
    .object({
      data: z.array(item),
      nextCursor: z
        .string()
        .nullable()
        .meta({ description: "Pass as `?cursor=` for the next page; null on the last page." }),
    })
    .meta({ id });
}

/** ?cursor=&limit= of every list. */
export const cursorQuery = {
  cursor: z.string().max(200).optional().meta({ description: "`nextCursor` of the previous page." }),
};

/** Path ids are opaque text: an unknown one (or another account's) is a 404, never a 400. */
export const idParams = z.object({ id: z.string().min(1).max(100) });
