import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { headScript } from "@/components/layout/head-script";

/** Runs the real inline head script against a minimal document, storage and navigator. */
function run({
  cookie = "",
  stored = {},
  languages = ["en-US"],
  lang = "en",
}: {
  cookie?: string;
  stored?: Record<string, string>;
  languages?: string[];
  lang?: string;
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
      cookies: "NEXT_LOCALE=fr",
      reloads: 1,
    });
    expect(run({ languages: ["de-DE", "es-MX"], lang: "es" })).toMatchObject({
      cookies: "NEXT_LOCALE=es",
      reloads: 0,
    });
    expect(run({ languages: ["de-DE"], lang: "en" })).toMatchObject({
      cookies: "NEXT_LOCALE=en",
      reloads: 0,
    });
  });

  it("keeps an existing cookie unless local storage says otherwise", () => {
    expect(run({ cookie: "NEXT_LOCALE=es", languages: ["fr"], lang: "es" })).toMatchObject({
      cookies: "NEXT_LOCALE=es",
      reloads: 0,
    });
    expect(run({ cookie: "NEXT_LOCALE=es", stored: { locale: "fr" }, lang: "es" })).toMatchObject({
      cookies: "NEXT_LOCALE=fr",
      reloads: 1,
    });
  });
});
