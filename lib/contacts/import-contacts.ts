import "server-only";
import { toLocale } from "@/i18n/locales";
import type { User } from "@/db/schema";
import type { ContactInput } from "@/lib/validations/contact";
import { parseYearlyDate, type ImportRow } from "@/lib/validations/contact-import";
import { contactSchemaFor } from "./contact-schema-for";
import { invalidRowCode, refusedRowCode, type ImportFailureCode } from "./import-failure-code";
import { insertContacts } from "./insert-contacts";

export interface ImportFailure {
  line: number;
  /** English, for API callers and logs. */
  reason: string;
  /** What the UI translates (`errors.<code>`, or `contactImport.reasons` for a field). */
  code: ImportFailureCode;
  field?: string;
}

export interface ImportResult {
  imported: number;
  failed: number;
  failures: ImportFailure[];
}

export const INVALID_IMPORT_DATE = "Unreadable date: use YYYY-MM-DD, or --MM-DD without a year";

/** A row's birthday and anniversary as contact dates; a reason when one cannot be read. */
function importedDates(row: ImportRow) {
  const dates = [];
  for (const kind of ["birthday", "anniversary"] as const) {
    const raw = row[kind]?.trim();
    if (!raw) continue;
    const date = parseYearlyDate(raw);
    if (!date) return { reason: `${INVALID_IMPORT_DATE} (${kind} "${raw.slice(0, 20)}")`, field: kind };
    dates.push({ kind, ...date });
  }
  return dates;
}

/**
 * POST /api/contacts/import: every row is checked by the contact schema, then the valid
 * ones are created in one transaction (with their birthday and anniversary) under the same limit and duplicate rules as a single
 * create. Rows past the plan's limit fail with 'Contact limit reached'.
 */
export async function importContacts(user: User, rows: ImportRow[]): Promise<ImportResult> {
  const schema = contactSchemaFor(user);
  const locale = toLocale(user.locale);
  const failures: ImportFailure[] = [];
  const valid: { line: number; input: ContactInput }[] = [];
  rows.forEach((row, index) => {
    const line = row.line ?? index + 2;
    const dates = importedDates(row);
    if (!Array.isArray(dates)) {
      failures.push({ line, ...dates, code: "invalid_input" });
      return;
    }
    const parsed = schema.safeParse({
      name: row.name ?? "",
      email: row.email,
      phone: row.phone,
      relationship: row.relationship,
      timezone: row.timezone,
      locale: row.locale,
      dates,
    });
    if (parsed.success) valid.push({ line, input: { ...parsed.data, locale: parsed.data.locale ?? locale } });
    else {
      const issue = parsed.error.issues[0];
      failures.push({ line, reason: issue?.message ?? "Invalid input", ...invalidRowCode(issue) });
    }
  });
  const outcomes =
    valid.length > 0
      ? await insertContacts(
          user.id,
          valid.map((v) => v.input),
        )
      : [];
  outcomes.forEach((outcome, index) => {
    if (!outcome.ok)
      failures.push({
        line: valid[index].line,
        reason: outcome.reason,
        code: refusedRowCode(outcome.reason),
      });
  });
  failures.sort((a, b) => a.line - b.line);
  return { imported: outcomes.filter((o) => o.ok).length, failed: failures.length, failures };
}
