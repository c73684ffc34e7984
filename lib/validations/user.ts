import { z } from "zod";
import { issueParams } from "@/lib/errors/zod-error";
import { LOCALES } from "@/i18n/locales";
import { INVALID_PHONE_MESSAGE, phoneRegionOf, toE164 } from "./phone";
import { senderNameSchema, timezoneSchema } from "./settings";

const optionalName = z.string().trim().min(1).max(100).optional();

/** PATCH /api/auth/user and the settings form. */
export const updateUserSchema = z
  .object({
    firstName: optionalName,
    lastName: optionalName,
    // Empty clears it: recipients then see the first and last name.
    senderName: senderNameSchema.optional(),
    phone: z.string().trim().min(1).max(32).optional(),
    timezone: timezoneSchema,
    locale: z.enum(LOCALES).optional(),
  })
  .strict()
  // A national number is read in the country of the zone being saved (07911... in Europe/London).
  .transform((value, ctx) => {
    if (value.phone === undefined) return value;
    const phone = toE164(value.phone, phoneRegionOf({ timezone: value.timezone }));
    if (!phone) {
      ctx.addIssue({
        code: "custom",
        path: ["phone"],
        message: INVALID_PHONE_MESSAGE,
        params: issueParams("invalid_phone"),
      });
      return z.NEVER;
    }
    return { ...value, phone };
  });

export type UpdateUserInput = z.input<typeof updateUserSchema>;
