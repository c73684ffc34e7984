import { createTranslator } from "next-intl";
import { expect, it } from "vitest";
import { POST } from "@/app/api/contacts/import/route";
import type { ImportResult } from "@/lib/contacts/import-contacts";
import { importReasonKey } from "@/lib/contacts/import-reason-key";
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
