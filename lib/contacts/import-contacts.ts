import type { User } from "@/lib/users/find-session-user";
import { countryOf } from "@/lib/validations/phone";
import { buildContactSchema, type ContactInput, type ImportRow } from "@/lib/validations/contact";
import { insertContacts } from "./insert-contacts";

export interface ImportFailure {
  line: number;
  reason: string;
}

export interface ImportResult {
  imported: number;
  failed: number;
  failures: ImportFailure[];
}

/**
 * POST /api/contacts/import: every row is checked by the contact schema, then the valid
 * ones are created in one transaction under the same limit and duplicate rules as a single
 * create. Rows past the plan's limit fail with 'Contact limit reached'.
 */
export async function importContacts(user: User, rows: ImportRow[]): Promise<ImportResult> {
  const schema = buildContactSchema(countryOf(user.phone));
  const failures: ImportFailure[] = [];
  const valid: { line: number; input: ContactInput }[] = [];
  rows.forEach((row, index) => {
    const line = row.line ?? index + 2;
    const parsed = schema.safeParse({
      name: row.name ?? "",
      email: row.email,
      phone: row.phone,
      relationship: row.relationship,
    });
    if (parsed.success) valid.push({ line, input: parsed.data });
    else failures.push({ line, reason: parsed.error.issues[0]?.message ?? "Invalid input" });
  });
  const outcomes =
    valid.length > 0
      ? await insertContacts(
          user.id,
          valid.map((v) => v.input),
        )
      : [];
  outcomes.forEach((outcome, index) => {
    if (!outcome.ok) failures.push({ line: valid[index].line, reason: outcome.reason });
  });
  failures.sort((a, b) => a.line - b.line);
  return { imported: outcomes.filter((o) => o.ok).length, failed: failures.length, failures };
}
