import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";
import { countryOfZone } from "@/lib/time/zone-country";

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

/**
 * The region national numbers are read in: the user's own phone country, else the country
 * of the user's time zone (a Londoner's "07911 123456" is British).
 */
export function phoneRegionOf(user: {
  phone?: string | null;
  timezone?: string | null;
}): CountryCode | undefined {
  const zoneCountry = countryOfZone(user.timezone);
  return countryOf(user.phone) ?? (zoneCountry && isSupportedCountry(zoneCountry) ? zoneCountry : undefined);
}

/** A stored E.164 number as people read it: "+44 7911 123456" (the raw value if unparsable). */
export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

export const INVALID_PHONE_MESSAGE = "Invalid phone number";
