import { COUNTRY_ZONE, ZONE_COUNTRY } from "./zone-countries";

/** The country an IANA zone belongs to (Europe/London -> GB); undefined for UTC and Etc zones. */
export function countryOfZone(zone: string | null | undefined): string | undefined {
  return zone ? ZONE_COUNTRY[zone] : undefined;
}

/** The zone of a country that keeps one clock (GB -> Europe/London); undefined for US, ES... */
export function zoneOfCountry(country: string | null | undefined): string | undefined {
  return country ? COUNTRY_ZONE[country] : undefined;
}
