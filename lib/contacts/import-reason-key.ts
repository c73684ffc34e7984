import { isErrorCode } from "@/lib/errors/error-codes";
import type { LeftOutDetail } from "./left-out";
import { CSV_NO_EMAIL_OR_PHONE, CSV_NO_NAME, CSV_TOO_SHORT, ROW_TOO_SHORT } from "./parse-contacts-csv";
import { VCARD_EMPTY } from "./parse-vcard";
import { contactMessageKey } from "./message-key";

/** A failed row as the import dialog holds it: the server's report, or one the browser made. */
export interface ShownImportFailure {
  line: number;
  reason: string;
  code?: string;
  field?: string;
}

/** A message of the catalogue (full key) and the catalogue keys of its values. */
export interface ImportReasonKey {
  key: string;
  fieldKey?: string;
}

const FILE_KEYS: Record<string, string> = {
  [CSV_TOO_SHORT]: "csvTooShort",
  [CSV_NO_NAME]: "noNameColumn",
  [CSV_NO_EMAIL_OR_PHONE]: "noEmailOrPhoneColumn",
  [ROW_TOO_SHORT]: "rowTooShort",
  [VCARD_EMPTY]: "vcardEmpty",
};

const FIELDS = new Set([
  "name",
  "email",
  "phone",
  "relationship",
  "timezone",
  "locale",
  "birthday",
  "anniversary",
  "dates",
]);

/**
 * Where an import failure's text is in the message catalogue, or null to show the reason as
 * it is (already translated by the browser, or unknown). Known English messages first, then the
 * server's code (`errors.<code>`), then a message naming the field.
 */
export function importReasonKey(failure: ShownImportFailure): ImportReasonKey | null {
  const file = FILE_KEYS[failure.reason];
  if (file) return { key: `contactImport.reasons.${file}` };
  const known = contactMessageKey(failure.reason);
  if (known) return { key: `contactForm.errors.${known}` };
  const field = failure.field && FIELDS.has(failure.field) ? failure.field : undefined;
  if (failure.code === "too_long" && field)
    return { key: "contactImport.reasons.tooLong", fieldKey: `contactImport.fields.${field}` };
  if (failure.code && failure.code !== "invalid_input" && isErrorCode(failure.code))
    return { key: `errors.${failure.code}` };
  if (failure.code && field)
    return { key: "contactImport.reasons.invalidField", fieldKey: `contactImport.fields.${field}` };
  return null;
}

/**
 * Where a left-out detail's text is in the catalogue: the row's line (`contactImport.leftOutRow`)
 * names the field and the value, and says why (`contactImport.leftOutReasons.<code>`).
 */
export function leftOutKeys(detail: Pick<LeftOutDetail, "field" | "code">) {
  return {
    key: "contactImport.leftOutRow",
    fieldKey: `contactImport.fields.${detail.field}`,
    reasonKey: `contactImport.leftOutReasons.${detail.code}`,
  };
}
