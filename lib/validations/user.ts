import { z } from "zod";
import { LOCALES } from "@/i18n/locales";
import { isValidTimeZone } from "@/lib/time/time-zones";
import { INVALID_PHONE_MESSAGE, toE164 } from "./phone";

const optionalName = z.string().trim().min(1).max(100).optional();

/** PATCH /api/auth/user and the settings form (SPEC section 5). */
export const updateUserSchema = z
  .object({
    firstName: optionalName,
    lastName: optionalName,
    // Empty clears it: recipients then see the first and last name.
    senderName: z.string().trim().max(100, "Sender name must be at most 100 characters").optional(),
    phone: z
      .string()
      .trim()
      .min(1)
      .max(32)
      .transform((value, ctx) => {
        const e164 = toE164(value);
        if (!e164) {
          ctx.addIssue({ code: "custom", message: INVALID_PHONE_MESSAGE });
          return z.NEVER;
        }
        return e164;
      })
      .optional(),
    timezone: z.string().refine(isValidTimeZone, "Unknown timezone"),
    locale: z.enum(LOCALES).optional(),
  })
  .strict();

export type UpdateUserInput = z.input<typeof updateUserSchema>;
