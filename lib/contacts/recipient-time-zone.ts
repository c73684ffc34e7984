import { zoneOfCountry } from "@/lib/time/zone-country";
import { countryOf } from "@/lib/validations/phone";

/**
 * The recipient's clock: the zone chosen on the contact, else the zone of the phone's
 * country when that country keeps one clock (a +44 number is in Europe/London), else the
 * owner's zone. Derived when used, so it follows a changed phone or a moved owner.
 */
export function recipientTimeZone(
  contact: { timezone: string | null; phone: string | null },
  ownerZone: string | null | undefined,
): string {
  return contact.timezone || zoneOfCountry(countryOf(contact.phone)) || ownerZone || "UTC";
}
