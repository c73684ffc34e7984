import { INVALID_EMAIL_MESSAGE } from "@/lib/validations/email";
import { INVALID_PHONE_MESSAGE } from "@/lib/validations/phone";
import {
  EMAIL_OR_PHONE_MESSAGE,
  NAME_REQUIRED_MESSAGE,
  UNKNOWN_TIMEZONE_MESSAGE,
  UNSUPPORTED_LANGUAGE_MESSAGE,
} from "@/lib/validations/contact";
import {
  DUPLICATE_KIND_MESSAGE,
  INVALID_DATE_MESSAGE,
  LABEL_REQUIRED_MESSAGE,
} from "@/lib/validations/contact-date";
import { CONTACT_LIMIT_MESSAGE } from "./contact-limit";
import { DUPLICATE_EMAIL_MESSAGE, DUPLICATE_PHONE_MESSAGE } from "./duplicate-keys";

/**
 * Validation and server messages are English constants; the UI shows them through these
 * `contactForm.errors` keys so they read in the user's language.
 */
const KEYS: Record<string, string> = {
  [NAME_REQUIRED_MESSAGE]: "nameRequired",
  [EMAIL_OR_PHONE_MESSAGE]: "emailOrPhone",
  [INVALID_EMAIL_MESSAGE]: "invalidEmail",
  [UNKNOWN_TIMEZONE_MESSAGE]: "unknownTimezone",
  [UNSUPPORTED_LANGUAGE_MESSAGE]: "unsupportedLanguage",
  [INVALID_PHONE_MESSAGE]: "invalidPhone",
  [DUPLICATE_EMAIL_MESSAGE]: "duplicateEmail",
  [DUPLICATE_PHONE_MESSAGE]: "duplicatePhone",
  [CONTACT_LIMIT_MESSAGE]: "limit",
  "File is larger than 5 MB": "tooLarge",
  "Only images can be uploaded": "notImage",
  [INVALID_DATE_MESSAGE]: "invalidDate",
  [LABEL_REQUIRED_MESSAGE]: "dateLabelRequired",
  [DUPLICATE_KIND_MESSAGE]: "duplicateDateKind",
};

/** The message key for an English message ("field: message" is accepted too), or null. */
export function contactMessageKey(message: string): string | null {
  const bare = message.replace(/^[a-zA-Z0-9.]+: /, "");
  return KEYS[bare] ?? null;
}
