import { z } from "zod";
import { issueParams } from "@/lib/api/errors";
import { LOCALES } from "@/i18n/locales";
import { INVALID_PHONE_MESSAGE, toE164 } from "./phone";
import { senderNameSchema, timezoneSchema } from "./settings";

const optionalName = z.string().trim().min(1).max(100).optional();

/** PATCH /api/auth/user and the settings form (SPEC section 5). */
export const updateUserSchema = z
  .object({
    firstName: optionalName,
    lastName: optionalName,
    // Empty clears it: recipients then see the first and last name.
    senderName: senderNameSchema.optional(),
    phone: z
      .string()
      .trim()
      .min(1)
      .max(32)
      .transform((value, ctx) => {
        const e164 = toE164(value);
        if (!e164) {
          ctx.addIssue({
            code: "custom",
            message: INVALID_PHONE_MESSAGE,
            params: issueParams("invalid_phone"),
          });
          return z.NEVER;
        }
        return e164;
      })
      .optional(),
    timezone: timezoneSchema,
    locale: z.enum(LOCALES).optional(),
  })
  .strict();

export type UpdateUserInput = z.input<typeof updateUserSchema>;
