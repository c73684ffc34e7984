import type { ImportRow } from "@/lib/validations/contact-import";
import type { UserDateContext } from "./date-order";
import type { FileColumn, ImportField } from "./file-columns";
import { uniqueGroupNames } from "./group-names";
import { languageOf } from "./language-of";
import { CsvFormatError, withoutEmpty, type ParsedCsv } from "./parse-contacts-csv";
import { readRowDates } from "./read-row-dates";

export const VCARD_EMPTY = "The vCard file has no contacts";

interface Property {
  name: string;
  /** Apple's "item1." prefix, which ties an ADR to its X-ABADR country code. */
  group: string;
  params: Map<string, string[]>;
  value: string;
}

/** Splits on a separator that is not escaped with a backslash. */
function splitUnescaped(value: string, separator: string): string[] {
  const parts: string[] = [];
  let current = "";
  for (let i = 0; i < value.length; i++) {
    if (value[i] === "\\" && i + 1 < value.length) {
      current += value[i] + value[i + 1];
      i++;
    } else if (value[i] === separator) {
      parts.push(current);
      current = "";
    } else current += value[i];
  }
  parts.push(current);
  return parts;
}

const unescape = (value: string) =>
  value.replace(/\\([nN,;:\\])/g, (_, c: string) => (c === "n" || c === "N" ? "\n" : c)).trim();

/** Quoted-printable (vCard 2.1, still written by Android): "Jos=C3=A9" in the given charset. */
function decodeQuotedPrintable(value: string, charset: string): string {
  const bytes: number[] = [];
  const raw = value.replace(/=\r?\n/g, "");
  for (let i = 0; i < raw.length; i++) {
    const hex = raw.slice(i + 1, i + 3);
    if (raw[i] === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...new TextEncoder().encode(raw[i]));
  }
  try {
    return new TextDecoder(charset).decode(new Uint8Array(bytes));
  } catch {
    return new TextDecoder("utf-8").decode(new Uint8Array(bytes));
  }
}

/** "item1.TEL;TYPE=CELL,pref:+1..." -> { name: "TEL", params: { TYPE: ["CELL", "PREF"] }, value }. */
function parseLine(line: string): Property | null {
  let quoted = false;
  let colon = -1;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '"') quoted = !quoted;
    else if (line[i] === ":" && !quoted) {
      colon = i;
      break;
    }
  }
  if (colon < 0) return null;
  const [rawName, ...rawParams] = splitUnescaped(line.slice(0, colon), ";");
  const params = new Map<string, string[]>();
  for (const param of rawParams) {
    const eq = param.indexOf("=");
    // vCard 2.1 writes bare types: TEL;CELL;PREF:...
    const key = eq < 0 ? "TYPE" : param.slice(0, eq).toUpperCase();
    const values = (eq < 0 ? param : param.slice(eq + 1))
      .replace(/"/g, "")
      .split(",")
      .map((v) => v.trim().toUpperCase());
    params.set(key, [...(params.get(key) ?? []), ...values]);
  }
  const dot = rawName.lastIndexOf(".");
  const name = rawName.slice(dot + 1).toUpperCase();
  const group = dot < 0 ? "" : rawName.slice(0, dot).toUpperCase();
  let value = line.slice(colon + 1);
  if (params.get("ENCODING")?.includes("QUOTED-PRINTABLE"))
    value = decodeQuotedPrintable(value, params.get("CHARSET")?.[0]?.toLowerCase() ?? "utf-8");
  return { name, group, params, value };
}

/** Physical lines to logical ones: folded lines (CRLF + space) and quoted-printable soft breaks. */
function logicalLines(text: string): string[] {
  const lines = text
    .replace(/\r\n?/g, "\n")
    .replace(/\n[ \t]/g, "")
    .split("\n");
  const joined: string[] = [];
  for (const line of lines) {
    const previous = joined[joined.length - 1];
    if (previous !== undefined && /QUOTED-PRINTABLE/i.test(previous.split(":")[0]) && previous.endsWith("="))
      joined[joined.length - 1] = previous + "\n" + line;
    else joined.push(line);
  }
  return joined;
}

/** Preference: PREF=1 or TYPE=pref first, then the given types (CELL before HOME...), then file order. */
function ranked(properties: Property[], types: string[] = []): Property[] {
  const rank = (p: Property) => {
    const pref = p.params.get("PREF")?.[0];
    if ((pref && Number(pref) >= 1) || p.params.get("TYPE")?.includes("PREF"))
      return -1 / (Number(pref) || 1);
    const typed = types.findIndex((t) => p.params.get("TYPE")?.includes(t));
    return typed < 0 ? types.length : typed;
  };
  return [...properties].filter((p) => unescape(p.value)).sort((a, b) => rank(a) - rank(b));
}

const best = (properties: Property[], types: string[] = []) => {
  const found = ranked(properties, types)[0];
  return found ? unescape(found.value) : undefined;
};

/**
 * The country the card's addresses give, for reading its phone: Apple's X-ABADR code of an
 * address (same "itemN." group), else the address's country component (ADR's seventh), the
 * preferred address first; else an X-ABADR on its own.
 */
function countryOf(all: (name: string) => Property[]): string | undefined {
  const codes = all("X-ABADR");
  for (const adr of ranked(all("ADR"), ["HOME", "WORK"])) {
    const code = adr.group ? codes.find((c) => c.group === adr.group) : undefined;
    const country = unescape(code?.value ?? "") || unescape(splitUnescaped(adr.value, ";")[6] ?? "");
    if (country) return country;
  }
  return best(codes);
}

/**
 * BDAY / ANNIVERSARY (RFC 6350 6.2.5, 6.2.6): 'YYYYMMDD', 'YYYY-MM-DD', '--MMDD' without a year,
 * possibly with a time ('T...'), which is dropped; Apple's X-APPLE-OMIT-YEAR marks a date without a
 * year. A text value (VALUE=text: "circa 1800") is not a date.
 */
function dateValue(properties: Property[]): string | undefined {
  const found = properties.find((p) => !p.params.get("VALUE")?.includes("TEXT") && unescape(p.value));
  if (!found) return undefined;
  const date = unescape(found.value).split("T")[0];
  // Apple writes a date without its year as "X-APPLE-OMIT-YEAR=1604:1604-03-03".
  const omitted = found.params.get("X-APPLE-OMIT-YEAR")?.[0];
  if (omitted && date.startsWith(omitted)) return `--${date.slice(omitted.length).replace(/^-/, "")}`;
  return date;
}

function toRow(card: Property[], line: number): ImportRow {
  const all = (name: string) => card.filter((p) => p.name === name);
  const fn = best(all("FN"));
  const n = all("N")[0];
  // N: family; given; additional; prefix; suffix
  const [family, given, additional] = n ? splitUnescaped(n.value, ";").map(unescape) : [];
  const fromParts = [given, additional, family].filter(Boolean).join(" ");
  const org = all("ORG")[0] ? unescape(splitUnescaped(all("ORG")[0].value, ";")[0]) : undefined;
  const email = best(all("EMAIL"), ["HOME", "INTERNET", "WORK"])?.replace(/^mailto:/i, "");
  const phone = best(all("TEL"), ["CELL", "IPHONE", "MOBILE", "HOME", "VOICE", "WORK"])
    ?.replace(/^tel:/i, "")
    .split(";")[0];
  // CATEGORIES (RFC 6350 6.7.1): the card's groups, separated by commas.
  const groups = uniqueGroupNames(
    all("CATEGORIES").flatMap((p) => splitUnescaped(p.value, ",").map(unescape)),
  );
  // Only a named zone tells a clock; a bare offset (TZ:-05:00) does not.
  const tz = best(all("TZ"))?.replace(/^VALUE=text:/i, "");
  return withoutEmpty({
    line,
    name: fn || fromParts || org || undefined,
    email: email || undefined,
    phone: phone || undefined,
    timezone: tz && /^[A-Za-z_]+\/[A-Za-z_+\-/0-9]+$/.test(tz) ? tz : undefined,
    locale: languageOf(best(all("LANG"))),
    birthday: dateValue(all("BDAY")),
    anniversary: dateValue(all("ANNIVERSARY")),
    country: countryOf(all),
    groups: groups.length > 0 ? groups : undefined,
  });
}

/** The properties toRow reads, and the field each gives. */
const READ: Record<string, ImportField> = {
  FN: "name",
  N: "name",
  ORG: "name",
  EMAIL: "email",
  TEL: "phone",
  TZ: "timezone",
  LANG: "locale",
  BDAY: "birthday",
  ANNIVERSARY: "anniversary",
  ADR: "country",
  "X-ABADR": "country",
  CATEGORIES: "groups",
};
/** What every card carries about itself rather than the person: never listed as ignored. */
const HOUSEKEEPING = new Set(["VERSION", "PRODID", "UID", "REV"]);

/** The properties the file's cards use, each once in the order first met, with the field it gives. */
function vcardColumns(cards: Property[][]): FileColumn[] {
  const names = new Set(cards.flatMap((card) => card.map((p) => p.name)));
  return [...names]
    .filter((name) => !HOUSEKEEPING.has(name))
    .map((name) => ({ label: name, field: READ[name] ?? null }));
}

/**
 * Reads a vCard file (3.0 and 4.0, and Android's 2.1): every card becomes a row numbered by
 * its position. Name from FN, else N; the preferred e-mail and phone (a mobile before others);
 * a named zone (TZ) and a language (LANG) when given; the address's country, which the phone is
 * read in; the groups (CATEGORIES); dates by readRowDates. Photos and other properties are ignored.
 */
export function parseVcard(text: string, user?: UserDateContext): ParsedCsv {
  const cards: Property[][] = [];
  let current: Property[] | null = null;
  for (const line of logicalLines(text.replace(/^\uFEFF/, ""))) {
    const upper = line.trim().toUpperCase();
    if (upper === "BEGIN:VCARD") current = [];
    else if (upper === "END:VCARD") {
      if (current) cards.push(current);
      current = null;
    } else if (current) {
      const property = parseLine(line);
      if (property) current.push(property);
    }
  }
  if (cards.length === 0) throw new CsvFormatError(VCARD_EMPTY);
  const dated = readRowDates(
    cards.map((card, index) => toRow(card, index + 1)),
    { user },
  );
  return { rows: dated.rows, skipped: [], leftOut: dated.leftOut, columns: vcardColumns(cards) };
}
