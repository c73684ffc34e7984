import { getCountries, isSupportedCountry, type CountryCode } from "libphonenumber-js";

/** The languages whose country names a file may use: ours, and our neighbours'. */
const NAME_LANGUAGES = ["en", "es", "fr", "de", "it", "pt", "nl", "ca"];

/** Names people and programs write that are not the standard short ones. */
const ALIASES: Record<string, CountryCode> = {
  usa: "US",
  "united states of america": "US",
  "estados unidos de america": "US",
  eeuu: "US",
  "ee uu": "US",
  "etats unis d amerique": "US",
  uk: "GB",
  "great britain": "GB",
  england: "GB",
  scotland: "GB",
  wales: "GB",
  "northern ireland": "GB",
  "gran bretana": "GB",
  inglaterra: "GB",
  "grande bretagne": "GB",
  angleterre: "GB",
  holland: "NL",
  "the netherlands": "NL",
};

/** "Estados Unidos" -> "estados unidos", "Côte d’Ivoire" -> "cote d ivoire". */
const normalise = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

let byName: Map<string, CountryCode> | null = null;

function names(): Map<string, CountryCode> {
  if (byName) return byName;
  byName = new Map(Object.entries(ALIASES));
  for (const language of NAME_LANGUAGES) {
    let display: Intl.DisplayNames;
    try {
      display = new Intl.DisplayNames([language], { type: "region" });
    } catch {
      continue;
    }
    for (const code of getCountries()) {
      const name = display.of(code);
      if (name && name !== code && !byName.has(normalise(name))) byName.set(normalise(name), code);
    }
  }
  return byName;
}

/**
 * The country a contacts file names: a code ("us", "FR", what Apple's X-ABADR holds) or a name in
 * English, Spanish, French and their neighbours' languages ("United States of America",
 * "Francia", "España"). Undefined when it is none we can read numbers in.
 */
export function countryCodeOf(text: string | undefined): CountryCode | undefined {
  if (!text) return undefined;
  const trimmed = text.trim();
  if (/^[A-Za-z]{2}$/.test(trimmed)) {
    const code = trimmed.toUpperCase();
    if (isSupportedCountry(code)) return code;
  }
  return names().get(normalise(trimmed));
}
