import type { ColumnField, Columns } from "./contact-columns";

/** What a column of a chosen file gives the import: a first or last name counts as the name. */
export type ImportField = Exclude<ColumnField, "first" | "middle" | "last" | "organization">;

/** The import's fields in the order the preview lists them. */
export const IMPORT_FIELDS: readonly ImportField[] = [
  "name",
  "email",
  "phone",
  "relationship",
  "birthday",
  "anniversary",
  "groups",
  "timezone",
  "locale",
  "country",
];

/** One column of a chosen file (a CSV header, a vCard property) and the field it gives; null: ignored. */
export interface FileColumn {
  label: string;
  field: ImportField | null;
}

const NAME_PARTS = new Set<ColumnField>(["first", "middle", "last", "organization"]);

/** A CSV's headers as the preview shows them, each with the field matchColumns found in it. */
export function csvFileColumns(header: readonly string[], columns: Columns): FileColumn[] {
  const fieldAt = new Map<number, ImportField>();
  for (const [field, indexes] of Object.entries(columns) as [ColumnField, number[]][]) {
    const shown = NAME_PARTS.has(field) ? "name" : (field as ImportField);
    for (const at of indexes) fieldAt.set(at, shown);
  }
  return header.flatMap((raw, at) => {
    const label = raw.trim();
    return label ? [{ label, field: fieldAt.get(at) ?? null }] : [];
  });
}
