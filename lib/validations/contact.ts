import type { CountryCode } from "libphonenumber-js";
import { z } from "zod";
import { issueParams } from "@/lib/errors/zod-error";
import { CONTACT_DELIVERY_METHODS, WHATSAPP_CONSENT_SOURCES } from "@/db/schema/enums";
import { LOCALES } from "@/i18n/locales";
import { isValidTimeZone } from "@/lib/time/time-zones";
import { contactDatesSchema } from "./contact-date";
import { emailSchema, type AsciiDomain } from "./email";
import { INVALID_PHONE_MESSAGE, toE164 } from "./phone";

export const NAME_REQUIRED_MESSAGE = "Name is required";
export const EMAIL_OR_PHONE_MESSAGE = "Either email or phone must be provided";
export const UNKNOWN_TIMEZONE_MESSAGE = "Unknown timezone";
export const UNSUPPORTED_LANGUAGE_MESSAGE = "Unsupported language";

/** Trimmed; an empty value becomes absent (undefined). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : undefined));

/** The recipient's WhatsApp opt-in: how (null clears it) and, optionally, when (not in the future). */
const whatsappConsentSource = z.enum(WHATSAPP_CONSENT_SOURCES).nullish();
const whatsappConsentAt = z.iso
  .datetime({ offset: true })
  .max(40)
  .nullish()
  .refine((value) => !value || Date.parse(value) <= Date.now() + 60_000, "Opt-in date is in the future");

/** An avatar is a path the app serves (`/api/objects/uploads/<id>`) or nothing. */
export const AVATAR_PATH_PATTERN = /^\/api\/objects\/uploads\/[0-9a-f-]{36}$/;
/** The pattern's length: the prefix and a UUID. */
const AVATAR_PATH_LENGTH = "/api/objects/uploads/".length + 36;

export interface ContactSchemaOptions {
  /** The region national numbers are read in (the user's phone country, else their zone's). */
  defaultCountry?: CountryCode;
  /** The server passes node:url's domainToASCII; the browser uses the URL parser's. */
  asciiDomain?: AsciiDomain;
}

/**
 * The contact form and POST /api/contacts, one schema. The phone is
 * parsed in the user's region and comes out in E.164; an internationalised e-mail domain
 * comes out in punycode. The time zone (IANA) and the language of the message's fixed
 * lines are optional: absent, the phone's country or the owner's settings apply.
 */
export function buildContactSchema({ defaultCountry, asciiDomain }: ContactSchemaOptions = {}) {
  return z
    .object({
      name: z.string().trim().min(1, NAME_REQUIRED_MESSAGE).max(200),
      email: optionalText(320).pipe(emailSchema(asciiDomain).optional()),
      phone: optionalText(32).transform((value, ctx) => {
        if (value === undefined) return undefined;
        const e164 = toE164(value, defaultCountry);
        if (!e164) {
          ctx.addIssue({
            code: "custom",
            message: INVALID_PHONE_MESSAGE,
            params: issueParams("invalid_phone"),
          });
          return z.NEVER;
        }
        return e164;
      }),
      relationship: optionalText(100),
      timezone: optionalText(64).refine((zone) => zone === undefined || isValidTimeZone(zone), {
        message: UNKNOWN_TIMEZONE_MESSAGE,
      }),
      locale: optionalText(8).pipe(z.enum(LOCALES, UNSUPPORTED_LANGUAGE_MESSAGE).optional()),
      deliveryMethod: z.enum(CONTACT_DELIVERY_METHODS).optional(),
      avatarUrl: z
        .string()
        .regex(AVATAR_PATH_PATTERN, "Invalid avatar")
        .max(AVATAR_PATH_LENGTH)
        .nullish()
        .transform((value) => value ?? undefined),
      whatsappConsentSource,
      whatsappConsentAt,
      /** Absent: the stored dates stay as they are; given: they replace the contact's set. */
      dates: contactDatesSchema.optional(),
    })
    .strict()
    .superRefine((value, ctx) => {
      if (value.whatsappConsentAt && !value.whatsappConsentSource) {
        ctx.addIssue({
          code: "custom",
          path: ["whatsappConsentAt"],
          message: "Opt-in date needs how it was given",
        });
      }
      if (!value.email && !value.phone) {
        ctx.addIssue({
          code: "custom",
          path: ["email"],
          message: EMAIL_OR_PHONE_MESSAGE,
          params: issueParams("email_or_phone_required"),
        });
      }
      if (value.deliveryMethod === "email" && !value.email) {
        ctx.addIssue({
          code: "custom",
          path: ["deliveryMethod"],
          message: "Email delivery needs an email",
          params: issueParams("email_delivery_needs_email"),
        });
      }
      if (value.deliveryMethod === "sms" && !value.phone) {
        ctx.addIssue({
          code: "custom",
          path: ["deliveryMethod"],
          message: "SMS delivery needs a phone",
          params: issueParams("sms_delivery_needs_phone"),
        });
      }
    })
    .transform((value) => ({
      ...value,
      // The channel defaults to 'email' when an e-mail exists, else 'sms'.
      deliveryMethod: value.deliveryMethod ?? (value.email ? ("email" as const) : ("sms" as const)),
    }));
}

export const contactSchema = buildContactSchema();
export type ContactFormValues = z.input<typeof contactSchema>;
export type ContactInput = z.output<typeof contactSchema>;

/** PUT /api/contacts/{id}: any subset of the fields; null or "" clears an optional one. */
export const updateContactBodySchema = z
  .object({
    name: z.string().max(200).optional(),
    email: z.string().max(320).nullish(),
    phone: z.string().max(32).nullish(),
    relationship: z.string().max(100).nullish(),
    timezone: z.string().max(64).nullish(),
    locale: z.string().max(8).nullish(),
    deliveryMethod: z.enum(CONTACT_DELIVERY_METHODS).optional(),
    avatarUrl: z.string().max(200).nullish(),
    whatsappConsentSource: z.string().max(32).nullish(),
    whatsappConsentAt: z.string().max(40).nullish(),
    dates: contactDatesSchema.optional(),
  })
  .strict();
export type UpdateContactBody = z.output<typeof updateContactBodySchema>;

/** PUT /api/contacts/{id}/avatar: the upload URL the browser just PUT the file to. */
export const avatarBodySchema = z.object({ avatarUrl: z.string().min(1).max(2048) }).strict();

// Any string: an id that is not ours (malformed or not) is a 404, never a 400.
export const contactIdParams = z.object({ id: z.string().min(1).max(64) });
