import type { Locale } from "@/i18n/locales";

const collators = new Map<Locale, Intl.Collator>();

// Names that differ only in case compare equal, so they keep the order they arrive in (the
// statement's creation order), as lower(name) did before.
function collatorFor(locale: Locale): Intl.Collator {
  let collator = collators.get(locale);
  if (!collator) {
    collator = new Intl.Collator(locale, { sensitivity: "accent" });
    collators.set(locale, collator);
  }
  return collator;
}

/**
 * Sorts rows in place by name in the user's language's collation ("Élodie" before "Zoë"; in
 * Spanish "Ñu" after "Nube"). The sort is stable: equal names stay in arrival order.
 */
export function sortByName<T>(rows: T[], nameOf: (row: T) => string, locale: Locale): T[] {
  const { compare } = collatorFor(locale);
  return rows.sort((a, b) => compare(nameOf(a), nameOf(b)));
}
