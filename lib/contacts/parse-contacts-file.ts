import { decodeContactsFile } from "./decode-contacts-file";
import { parseContactsCsv, type ParsedCsv } from "./parse-contacts-csv";
import { parseVcard } from "./parse-vcard";

/** A chosen file (CSV or vCard, by its name or its first line) read into import rows. */
export function parseContactsFile(fileName: string, bytes: Uint8Array): ParsedCsv {
  const text = decodeContactsFile(bytes);
  const vcard = /\.(vcf|vcard)$/i.test(fileName) || /^\s*BEGIN:VCARD/i.test(text);
  return vcard ? parseVcard(text) : parseContactsCsv(text);
}
