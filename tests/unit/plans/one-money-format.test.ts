import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { createTranslator } from "use-intl/core";
import { CREDIT_PACKAGES, PRICE_PER_REMINDER_CENTS } from "@/config/plans";
import { formatMoney } from "@/lib/plans/format-money";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import fr from "@/messages/fr.json";

// One way to write money per language (formatMoney), and one unit for credit: US dollars, the
// balance's own unit. Reminders are counted as reminders, never as "credits".

type Tree = { [key: string]: string | Tree };
const CATALOGUES = { en, es, fr } as const;
const ROOT = join(__dirname, "../../..");

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/** Where money is worked out rather than written: Stripe's own currency codes, a form's number field. */
const NOT_TEXT = new Set([
  "lib/plans/format-money.ts",
  "lib/payments/sync-stripe-catalogue.ts",
  "lib/payments/trigger-auto-recharge.ts",
  // The threshold field holds a number of dollars for the user to edit ("5.00").
  "components/billing/auto-recharge-card.tsx",
]);

describe("money is written one way per language", () => {
  it("formatMoney: $52.50, 52,50 US$, 52,50 $US", () => {
    const words = (locale: string) => formatMoney(5250, locale).replace(/[\u00a0\u202f]/g, " ");
    expect([words("en"), words("es"), words("fr")]).toEqual(["$52.50", "52,50 US$", "52,50 $US"]);
  });

  it("no message writes a currency sign: amounts come formatted", () => {
    const signs: string[] = [];
    for (const [locale, catalogue] of Object.entries(CATALOGUES))
      for (const [key, message] of flatten(catalogue as Tree))
        if (/\$(?!\{)|€|US\$/.test(message.replace(/\$\{/g, "{"))) signs.push(`${locale} ${key}: ${message}`);
    expect(signs).toEqual([]);
  });

  it("no screen formats a currency itself", () => {
    const own: string[] = [];
    for (const file of ["app", "components", "lib"].flatMap((dir) => sourceFiles(join(ROOT, dir)))) {
      const path = relative(ROOT, file);
      if (NOT_TEXT.has(path)) continue;
      const source = readFileSync(file, "utf8");
      if (/style:\s*"currency"|currency:\s*"(usd|USD|eur|EUR)"|\/\s*100\)\.toFixed\(/.test(source))
        own.push(path);
    }
    expect(own).toEqual([]);
  });
});

describe("credit has one unit: money", () => {
  it("no message counts reminders as credits", () => {
    const counted: string[] = [];
    for (const [locale, catalogue] of Object.entries(CATALOGUES))
      for (const [key, message] of flatten(catalogue as Tree))
        if (/(#|\})\s+(reminder credits?|créditos? de recordatorio|crédits? de rappel)/.test(message))
          counted.push(`${locale} ${key}: ${message}`);
    expect(counted).toEqual([]);
  });

  it("the checkout sells the $50 package as $52.50 of credit, 5,250 reminders", () => {
    const pkg = CREDIT_PACKAGES[1];
    const line = (locale: keyof typeof CATALOGUES) =>
      createTranslator({ locale, messages: CATALOGUES[locale], namespace: "checkout" })("creditsLine", {
        amount: formatMoney(pkg.reminders * PRICE_PER_REMINDER_CENTS, locale),
        reminders: pkg.reminders,
      }).replace(/[\u00a0\u202f]/g, " ");
    expect([line("en"), line("es"), line("fr")]).toEqual([
      "$52.50 of credit: 5,250 reminders",
      "52,50 US$ de crédito: 5250 recordatorios",
      "52,50 $US de crédit : 5 250 rappels",
    ]);
  });
});
