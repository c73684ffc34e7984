import "server-only";
import { toLocale } from "@/i18n/locales";
import type { Actor } from "@/lib/workspaces/actor";
import type { ContactInput } from "@/lib/validations/contact";
import type { Transaction } from "@/lib/db";
import { rowGroupNames, type ImportRow } from "@/lib/validations/contact-import";
import { INVALID_PHONE_MESSAGE, phoneRegionOf, toE164 } from "@/lib/validations/phone";
import type { CountryCode } from "libphonenumber-js";
import { contactSchemaFor } from "./contact-schema-for";
import { countryCodeOf } from "./country-code-of";
import { userDateOrder } from "./date-order";
import { invalidRowCode, refusedRowCode, type ImportFailureCode } from "./import-failure-code";
import { insertContacts, type InsertOutcome } from "./insert-contacts";
import { leftOut, type LeftOutDetail } from "./left-out";
import { defaultContactLocale } from "./phone-language";
import { readFileDate, type DateOrder } from "./read-file-date";

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
  /** Details of imported contacts that could not be read: the contact came in without them. */
  leftOut: LeftOutDetail[];
}

/** A valid row's outcome, and the groups its row names (trimmed, none empty). */
export interface RowOutcome {
  outcome: InsertOutcome;
  groups: string[];
}

/** More work in the import's transaction once the contacts are in (lib/groups puts them in groups). */
export type ImportAfterInsert = (tx: Transaction, rows: RowOutcome[]) => Promise<void>;

/** A row's birthday and anniversary as contact dates; one that cannot be read is left out. */
function importedDates(row: ImportRow, line: number, order: DateOrder, left: LeftOutDetail[]) {
  const dates = [];
  for (const kind of ["birthday", "anniversary"] as const) {
    const raw = row[kind];
    const reading = readFileDate(raw, order);
    if (reading.kind === "date") dates.push({ kind, ...reading.date });
    else if (reading.kind !== "none")
      left.push(
        leftOut(line, kind, raw ?? "", reading.kind === "ambiguous" ? "ambiguous_date" : "unreadable_date"),
      );
  }
  return dates;
}

/** The phone in E.164, read in the first of `countries` where it is a valid number. */
function importedPhone(raw: string, countries: (CountryCode | undefined)[]): string | null {
  for (const country of new Set(countries)) {
    const e164 = toE164(raw, country);
    if (e164) return e164;
  }
  return null;
}

/**
 * POST /api/contacts/import: every row is checked by the contact schema, then the valid
 * ones are created in one transaction (with their birthday and anniversary) under the same limit and duplicate rules as a single
 * create. Rows past the plan's limit fail with 'Contact limit reached'.
 *
 * A phone is read in the row's own country (the file's address or country column), then in the
 * user's; a phone or date that cannot be read is left out and reported, and the contact comes in
 * with the rest (a contact whose only address is that phone fails, as it has nothing to reach).
 * `afterInsert` runs in the import's transaction with every valid row's outcome and its group
 * names (an import into groups, lib/groups), even when none came in.
 */
export async function importContacts(
  actor: Actor,
  rows: ImportRow[],
  afterInsert?: ImportAfterInsert,
): Promise<ImportResult> {
  const { user } = actor;
  const schema = contactSchemaFor(user);
  const locale = toLocale(user.locale);
  const region = phoneRegionOf(user);
  const order = userDateOrder({ region, locale: user.locale });
  const failures: ImportFailure[] = [];
  const valid: { line: number; input: ContactInput; left: LeftOutDetail[]; groups: string[] }[] = [];
  rows.forEach((row, index) => {
    const line = row.line ?? index + 2;
    const left: LeftOutDetail[] = [];
    const rawPhone = row.phone?.trim();
    const phone = rawPhone ? importedPhone(rawPhone, [countryCodeOf(row.country), region]) : undefined;
    if (rawPhone && !phone) {
      if (!row.email?.trim()) {
        failures.push({ line, reason: INVALID_PHONE_MESSAGE, code: "invalid_phone", field: "phone" });
        return;
      }
      left.push(leftOut(line, "phone", rawPhone, "invalid_phone"));
    }
    const parsed = schema.safeParse({
      name: row.name ?? "",
      email: row.email,
      phone: phone ?? undefined,
      relationship: row.relationship,
      timezone: row.timezone,
      locale: row.locale,
      dates: importedDates(row, line, order, left),
    });
    if (parsed.success) {
      const chosen = parsed.data.locale ?? defaultContactLocale(parsed.data.phone, locale);
      valid.push({ line, input: { ...parsed.data, locale: chosen }, left, groups: rowGroupNames(row) });
    } else {
      const issue = parsed.error.issues[0];
      failures.push({ line, reason: issue?.message ?? "Invalid input", ...invalidRowCode(issue) });
    }
  });
  const outcomes =
    valid.length > 0 || afterInsert
      ? await insertContacts(
          actor,
          valid.map((v) => v.input),
          "contacts.imported",
          afterInsert &&
            ((tx, outcomes) =>
              afterInsert(
                tx,
                outcomes.map((outcome, index) => ({ outcome, groups: valid[index].groups })),
              )),
        )
      : [];
  const left: LeftOutDetail[] = [];
  outcomes.forEach((outcome, index) => {
    if (outcome.ok) left.push(...valid[index].left);
    else
      failures.push({
        line: valid[index].line,
        reason: outcome.reason,
        code: refusedRowCode(outcome.reason),
      });
  });
  failures.sort((a, b) => a.line - b.line);
  return { imported: outcomes.filter((o) => o.ok).length, failed: failures.length, failures, leftOut: left };
}
