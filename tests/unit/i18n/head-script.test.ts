import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { headScript } from "@/components/layout/head-script";

/** Runs the real inline head script against a minimal document, storage and navigator. */
function run({
  cookie = "",
  stored = {},
  languages = ["en-US"],
  lang = "en",
  zone = "UTC",
}: {
  cookie?: string;
  stored?: Record<string, string>;
  languages?: string[];
  lang?: string;
  /** The browser's time zone, as Intl reports it. */
  zone?: string;
}) {
  const classes = new Set<string>(["light"]);
  let cookies = cookie;
  let reloads = 0;
  const document = {
    documentElement: {
      lang,
      classList: {
        add: (c: string) => classes.add(c),
        remove: (...names: string[]) => names.forEach((c) => classes.delete(c)),
      },
    },
    get cookie() {
      return cookies;
    },
    set cookie(value: string) {
      const pair = value.split(";")[0];
      const name = pair.split("=")[0];
      cookies = [...cookies.split("; ").filter((c) => c && !c.startsWith(`${name}=`)), pair].join("; ");
    },
  };
  runInNewContext(headScript, {
    document,
    localStorage: { getItem: (key: string) => stored[key] ?? null },
    navigator: { languages, language: languages[0] },
    location: { reload: () => reloads++ },
    Intl: { DateTimeFormat: () => ({ resolvedOptions: () => ({ timeZone: zone }) }) },
  });
  return { classes: [...classes], cookies, reloads };
}

describe("inline head script", () => {
  it("applies the stored theme, light by default", () => {
    expect(run({ stored: { theme: "dark" } }).classes).toEqual(["dark"]);
    expect(run({}).classes).toEqual(["light"]);
    expect(run({ stored: { theme: "purple" } }).classes).toEqual(["light"]);
  });

  it("on a first visit takes local storage before the browser, and reloads only on a wrong guess", () => {
    expect(run({ stored: { locale: "fr" }, languages: ["es"], lang: "es" })).toMatchObject({
      cookies: "tz=UTC; NEXT_LOCALE=fr",
      reloads: 1,
    });
    expect(run({ languages: ["de-DE", "es-MX"], lang: "es" })).toMatchObject({
      cookies: "tz=UTC; NEXT_LOCALE=es",
      reloads: 0,
    });
    expect(run({ languages: ["de-DE"], lang: "en" })).toMatchObject({
      cookies: "tz=UTC; NEXT_LOCALE=en",
      reloads: 0,
    });
  });

  it("keeps an existing cookie unless local storage says otherwise", () => {
    expect(run({ cookie: "NEXT_LOCALE=es", languages: ["fr"], lang: "es" })).toMatchObject({
      cookies: "NEXT_LOCALE=es; tz=UTC",
      reloads: 0,
    });
    expect(run({ cookie: "NEXT_LOCALE=es", stored: { locale: "fr" }, lang: "es" })).toMatchObject({
      cookies: "tz=UTC; NEXT_LOCALE=fr",
      reloads: 1,
    });
  });

  it("keeps the browser's time zone in a cookie, written again only when it changes", () => {
    expect(run({ zone: "Europe/Madrid", lang: "en" }).cookies).toBe("tz=Europe%2FMadrid; NEXT_LOCALE=en");
    expect(run({ cookie: "NEXT_LOCALE=en; tz=Europe%2FMadrid", zone: "Europe/Madrid" }).cookies).toBe(
      "NEXT_LOCALE=en; tz=Europe%2FMadrid",
    );
    // Moved to Paris: the cookie follows the browser.
    expect(run({ cookie: "tz=Europe%2FMadrid; NEXT_LOCALE=en", zone: "Europe/Paris" }).cookies).toBe(
      "NEXT_LOCALE=en; tz=Europe%2FParis",
    );
  });
});
