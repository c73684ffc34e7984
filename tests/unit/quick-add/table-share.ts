/**
 * Prints the share of the quick-add table each language reads right (the whole draft of a row),
 * for the whole table and for the rows of sentences as people write them:
 *   npx tsx tests/unit/quick-add/table-share.ts
 */
import type { QuickAddLocale } from "@/lib/quick-add";
import { rowReads } from "./parse-table";
import { PEOPLE_ROWS, ROWS } from "./rows";

const share = (locale: QuickAddLocale, rows: typeof ROWS.en) => {
  const right = rows.filter((row) => rowReads(locale, row)).length;
  return `${right}/${rows.length} (${((100 * right) / rows.length).toFixed(1)} %)`;
};

for (const locale of ["en", "es", "fr"] as const) {
  console.log(
    `${locale}: whole table ${share(locale, ROWS[locale])}, people rows ${share(locale, PEOPLE_ROWS[locale])}`,
  );
  if (process.argv.includes("--failures")) {
    for (const row of ROWS[locale]) if (!rowReads(locale, row)) console.log(`   ✗ ${row.text}`);
  }
}
