"use client";

import { useRouter } from "next/navigation";
import {
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE,
  LOCALE_STORAGE_KEY,
  LOCALES,
  type Locale,
} from "@/i18n/locales";

/**
 * A native select keeps this tiny on public pages. The choice goes to local storage (the language's
 * first source) and to the cookie the server renders from, then the page re-renders.
 */
export function LanguageSelect({
  id,
  describedBy,
  locale,
  label,
  names,
  persist,
}: {
  /** With a visible <label htmlFor> (Settings); the header's select is named by `label` alone. */
  id?: string;
  describedBy?: string;
  locale: Locale;
  label: string;
  names: Record<Locale, string>;
  /** Signed in: also store the choice on the account (a server action). */
  persist?: (input: { locale: Locale }) => Promise<unknown>;
}) {
  const router = useRouter();
  return (
    <select
      id={id}
      aria-label={label}
      aria-describedby={describedBy}
      data-testid="language-select"
      value={locale}
      onChange={async (event) => {
        const next = event.target.value as Locale;
        try {
          localStorage.setItem(LOCALE_STORAGE_KEY, next);
        } catch {
          // Storage can be blocked; the cookie still carries the choice.
        }
        document.cookie = `${LOCALE_COOKIE}=${next}; path=/; max-age=${LOCALE_COOKIE_MAX_AGE}; samesite=lax`;
        // Best effort: the cookie already carries the choice if saving it fails.
        if (persist) await persist({ locale: next }).catch(() => undefined);
        router.refresh();
      }}
      className="h-9 rounded-md border border-input bg-background px-2 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      {LOCALES.map((code) => (
        <option key={code} value={code} lang={code}>
          {names[code]}
        </option>
      ))}
    </select>
  );
}
