import { decodeContactsFile } from "./decode-contacts-file";
import type { UserDateContext } from "./date-order";
import { parseContactsCsv, type ParsedCsv } from "./parse-contacts-csv";
import { parseVcard } from "./parse-vcard";

/**
 * A chosen file (CSV or vCard, by its name or its first line) read into import rows; `user` is
 * who imports it (numeric dates the file leaves open are read in their locale's order).
 */
export function parseContactsFile(fileName: string, bytes: Uint8Array, user?: UserDateContext): ParsedCsv {
  const text = decodeContactsFile(bytes);
  const vcard = /\.(vcf|vcard)$/i.test(fileName) || /^\s*BEGIN:VCARD/i.test(text);
  return vcard ? parseVcard(text, user) : parseContactsCsv(text, user);
}
