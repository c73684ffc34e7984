import { describe, expect, it } from "vitest";
import { IntlMessageFormat } from "intl-messageformat";
import { createTranslator } from "use-intl/core";
import { catalogueFor } from "@/i18n/catalogues";
import { LOCALES } from "@/i18n/locales";
import { dropDoubledStops } from "@/lib/messages/drop-doubled-stops";
import { deliveryTranslator } from "@/lib/messages/render-message";

type Ast = ReturnType<IntlMessageFormat["getAst"]>;
type Values = Record<string, string | number>;

/** Every `delivery.*` key with its message. */
function leaves(node: Record<string, unknown>, prefix = ""): [string, string][] {
  return Object.entries(node).flatMap(([key, value]) =>
    typeof value === "string" ? [[`${prefix}${key}`, value]] : leaves(value as Record<string, unknown>, `${prefix}${key}.`),
  );
}

/** Values for each argument of a message, one per choice of its selects, so every branch is read. */
function valueSets(ast: Ast): Values[] {
  const sets: Values[] = [{}];
  const visit = (elements: Ast) => {
    for (const el of elements) {
      if ("options" in el && el.options) {
        const choices = Object.keys(el.options).map((k) => (k.startsWith("=") ? Number(k.slice(1)) : k));
        const keys = choices.map((c) => (c === "one" ? 1 : c === "other" && "pluralType" in el ? 7 : c));
        const base = sets.splice(0);
        for (const b of base) for (const k of keys) sets.push({ ...b, [el.value]: k });
        for (const option of Object.values(el.options)) visit(option.value as Ast);
      } else if ("value" in el && typeof el.value === "string" && el.type !== 0) {
        for (const s of sets) s[el.value] ??= el.type === 2 ? 3 : "Ana Pérez Jr.";
      }
    }
  };
  visit(ast);
  return sets.slice(0, 12);
}

describe("the engine's delivery translator", () => {
  for (const locale of LOCALES) {
    it(`says exactly what use-intl says for every delivery message in ${locale}`, () => {
      const catalogue = catalogueFor(locale);
      const intl = createTranslator({ ...catalogue, namespace: "delivery" });
      const ours = deliveryTranslator(locale);
      const all = leaves((catalogue.messages as { delivery: Record<string, unknown> }).delivery);
      expect(all.length).toBeGreaterThan(40);
      let compared = 0;
      for (const [key, message] of all) {
        for (const values of valueSets(new IntlMessageFormat(message, locale).getAst())) {
          const k = key as Parameters<typeof ours>[0];
          const expected = dropDoubledStops(intl(k, values as never), values);
          expect(ours(k, values), `${locale} ${key} ${JSON.stringify(values)}`).toBe(expected);
          // Twice: the second call reads the kept format.
          expect(ours(k, values)).toBe(expected);
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(all.length);
    });
  }
});
