import { z } from "zod";
import { LOCALES } from "@/i18n/locales";
import { isValidTimeZone } from "@/lib/time/time-zones";

/** Sender name max 100 characters. Shared by the form and PATCH /api/auth/user. */
export const SENDER_NAME_MAX = 100;
export const senderNameSchema = z
  .string()
  .trim()
  .max(SENDER_NAME_MAX, `Sender name must be at most ${SENDER_NAME_MAX} characters`);
export const timezoneSchema = z.string().refine(isValidTimeZone, "Unknown timezone");

/**
 * The settings form as typed (every field a string, empty allowed). Kept free of the phone
 * library so the browser bundle stays small; the server checks the number.
 */
export const settingsFormSchema = z.object({
  firstName: z.string().trim().max(100),
  lastName: z.string().trim().max(100),
  senderName: senderNameSchema,
  phone: z.string().trim().max(32),
  timezone: timezoneSchema,
});

export type SettingsFormValues = z.input<typeof settingsFormSchema>;

/** Only non-empty first name, last name and phone are sent; timezone always. */
export function toUpdateUserBody(values: z.output<typeof settingsFormSchema>) {
  return {
    ...(values.firstName ? { firstName: values.firstName } : {}),
    ...(values.lastName ? { lastName: values.lastName } : {}),
    senderName: values.senderName,
    ...(values.phone ? { phone: values.phone } : {}),
    timezone: values.timezone,
  };
}

/** The language chosen in the signed-in header, kept on the user for e-mails sent to them. */
export const saveLocaleSchema = z.object({ locale: z.enum(LOCALES) }).strict();

/** The shell's offer to follow the browser's time zone. */
export const saveTimeZoneSchema = z.object({ timezone: timezoneSchema }).strict();
