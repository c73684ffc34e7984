import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";

/** E.164 form of a phone number, or null when it is not a valid number. */
export function toE164(input: string, defaultCountry?: CountryCode): string | null {
  const parsed = parsePhoneNumberFromString(input, defaultCountry);
  return parsed?.isValid() ? parsed.number : null;
}

/** The country of an E.164 number, used as the default region for a user's contacts. */
export function countryOf(e164: string | null | undefined): CountryCode | undefined {
  if (!e164) return undefined;
  return parsePhoneNumberFromString(e164)?.country;
}

export const INVALID_PHONE_MESSAGE = "Invalid phone number";
