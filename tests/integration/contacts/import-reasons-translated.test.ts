import { createTranslator } from "next-intl";
import { expect, it } from "vitest";
import { POST } from "@/app/api/contacts/import/route";
import type { ImportResult } from "@/lib/contacts/import-contacts";
import { importReasonKey, leftOutKeys } from "@/lib/contacts/import-reason-key";
import { leftOut, type LeftOutDetail } from "@/lib/contacts/left-out";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import fr from "@/messages/fr.json";
import { callRoute } from "../../support/call-route";
import { createSignedInUser } from "../../support/users";

const CATALOGUES = { en, es, fr };

/** The text the import dialog shows for a failure, as `useImportReason` builds it. */
function shown(locale: keyof typeof CATALOGUES, failure: ImportResult["failures"][number]) {
  const t = createTranslator({ locale, messages: CATALOGUES[locale] });
  const found = importReasonKey(failure);
  if (!found) return failure.reason;
  const key = found.key as Parameters<typeof t>[0];
  return found.fieldKey ? t(key, { field: t(found.fieldKey as Parameters<typeof t>[0]) }) : t(key);
}

it("every row reason the import route gives reads in Spanish and French, naming the field", async () => {
  const { cookie } = await createSignedInUser({ phone: "+14155550100" });
  const rows = [
    { line: 2, name: "Kept", email: "kept@example.com" },
    { line: 3, name: "x".repeat(201), email: "long-name@example.com" },
    { line: 4, name: "Long Relationship", email: "rel@example.com", relationship: "r".repeat(101) },
    { line: 5, name: "Long Zone", email: "zone@example.com", timezone: "Z".repeat(65) },
    { line: 6, name: "Bad Zone", email: "zone2@example.com", timezone: "Mars/Olympus" },
    { line: 7, name: "Bad Mail", email: "not-an-email" },
    { line: 8, name: "Bad Phone", phone: "12" },
    { line: 9, name: "Twin", email: "KEPT@example.com" },
    { line: 10, name: "Nobody" },
    { line: 11, email: "noname@example.com" },
  ];
  const res = await callRoute<ImportResult>(POST, "/api/contacts/import", {
    method: "POST",
    cookie,
    body: { rows },
  });
  expect(res.status).toBe(200);
  expect(res.json.imported).toBe(1);
  expect(res.json.failures.map((f) => f.line)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11]);
  expect(res.json.failures.slice(0, 3).map((f) => [f.code, f.field])).toEqual([
    ["too_long", "name"],
    ["too_long", "relationship"],
    ["too_long", "timezone"],
  ]);
  for (const failure of res.json.failures) {
    const english = shown("en", failure);
    expect(importReasonKey(failure), failure.reason).not.toBeNull();
    for (const locale of ["es", "fr"] as const) {
      const text = shown(locale, failure);
      expect(text, `${locale} row ${failure.line}`).not.toBe(english);
      expect(text, `${locale} row ${failure.line}`).not.toBe(failure.reason);
    }
  }
  expect(shown("es", res.json.failures[0])).toBe("Nombre: el texto es demasiado largo");
  expect(shown("fr", res.json.failures[1])).toBe("Relation : le texte est trop long");
});

it("every detail an import leaves out reads in Spanish and French, with its row, field and value", async () => {
  const { cookie } = await createSignedInUser({ timezone: "Europe/Madrid" });
  const res = await callRoute<ImportResult>(POST, "/api/contacts/import", {
    method: "POST",
    cookie,
    body: {
      rows: [
        { line: 2, name: "Ann", email: "ann@example.com", phone: "(415) 555-2671" },
        { line: 3, name: "Ben", email: "ben@example.com", birthday: "31/31/1990" },
      ],
    },
  });
  expect(res.json.imported).toBe(2);
  const details = [...res.json.leftOut, leftOut(4, "anniversary", "7/4/1990", "ambiguous_date")];
  expect(details.map((d) => d.code)).toEqual(["invalid_phone", "unreadable_date", "ambiguous_date"]);
  const text = (locale: keyof typeof CATALOGUES, detail: LeftOutDetail) => {
    const t = createTranslator({ locale, messages: CATALOGUES[locale] });
    const keys = leftOutKeys(detail);
    type Key = Parameters<typeof t>[0];
    return t(keys.key as Key, {
      line: detail.line,
      field: t(keys.fieldKey as Key),
      value: detail.value,
      reason: t(keys.reasonKey as Key),
    });
  };
  for (const detail of details) {
    const english = text("en", detail);
    expect(english).toContain(detail.value);
    for (const locale of ["es", "fr"] as const) {
      expect(text(locale, detail), `${locale} ${detail.code}`).not.toBe(english);
      expect(text(locale, detail)).toContain(detail.value);
    }
  }
  expect(text("es", details[0])).toBe(
    "Fila 2: Teléfono «(415) 555-2671» omitido: no es un número de teléfono legible (escríbelo con su prefijo de país, como +33)",
  );
  expect(text("fr", details[1])).toBe(
    "Ligne 3 : Anniversaire « 31/31/1990 » laissé de côté : ce n’est pas une date lisible",
  );
});
