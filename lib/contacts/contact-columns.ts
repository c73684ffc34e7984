import { splitGroupNames } from "./group-names";

/** What a column of a contacts file can hold. */
export type ColumnField =
  | "name"
  | "first"
  | "middle"
  | "last"
  | "organization"
  | "email"
  | "phone"
  | "relationship"
  | "timezone"
  | "locale"
  | "birthday"
  | "anniversary"
  | "country"
  | "groups";

/** For each field, the columns that may hold it, best first: a row takes the first non-empty. */
export type Columns = Partial<Record<ColumnField, number[]>>;

/** "E-mail 1 - Value" -> "email 1 value", "Téléphone" -> "telephone". */
export function normaliseHeader(header: string): string {
  return header
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/e-mail/g, "email")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/**
 * Headers of real exports, in order of preference: Google Contacts (today's and the older
 * "Given Name" format), Outlook, vCard-derived exports (Apple), spreadsheets in English,
 * French and Spanish. Matched whole, after normaliseHeader.
 */
const KNOWN: Record<ColumnField, string[]> = {
  name: [
    "name",
    "full name",
    "display name",
    "formatted name",
    "contact name",
    "contact",
    "fn",
    "nom complet",
    "nom et prenom",
    "prenom et nom",
    "nom",
    "nombre completo",
    "nombre y apellidos",
    "nombre",
  ],
  first: [
    "first name",
    "given name",
    "firstname",
    "first",
    "given",
    "prenom",
    "nombre de pila",
    "primer nombre",
  ],
  middle: ["middle name", "additional name", "second prenom", "deuxieme prenom", "segundo nombre"],
  last: [
    "last name",
    "family name",
    "surname",
    "lastname",
    "last",
    "nom de famille",
    "apellidos",
    "apellido",
    "primer apellido",
  ],
  organization: ["organization name", "organization", "company", "societe", "entreprise", "empresa"],
  email: [
    "email 1 value",
    "email address",
    "email",
    "email 1",
    "primary email",
    "home email",
    "personal email",
    "work email",
    "courriel",
    "adresse email",
    "adresse electronique",
    "adresse courriel",
    "mail",
    "correo",
    "correo electronico",
    "email 2 value",
    "email 2 address",
    "email 2",
    "other email",
    "email 3 value",
    "email 3 address",
  ],
  phone: [
    "phone 1 value",
    "mobile phone",
    "mobile",
    "cell phone",
    "cell",
    "iphone",
    "primary phone",
    "phone",
    "phone number",
    "telephone",
    "tel",
    "telephone mobile",
    "telephone portable",
    "portable",
    "numero de telephone",
    "telefono",
    "telefono movil",
    "movil",
    "celular",
    "numero de telefono",
    "home phone",
    "business phone",
    "work phone",
    "other phone",
    "phone 2 value",
    "phone 3 value",
    "home phone 2",
    "business phone 2",
    "company main phone",
    "telephone fixe",
    "telefono fijo",
  ],
  relationship: ["relationship", "relation", "lien", "relacion", "parentesco"],
  timezone: ["timezone", "time zone", "tz", "fuseau horaire", "zona horaria"],
  locale: ["language", "preferred language", "locale", "lang", "langue", "idioma"],
  birthday: [
    "birthday",
    "birth date",
    "date of birth",
    "bday",
    "anniversaire",
    "date de naissance",
    "cumpleanos",
    "fecha de nacimiento",
  ],
  anniversary: ["anniversary", "wedding anniversary", "anniversaire de mariage", "aniversario"],
  // The country phones are read in: a home address's first (Outlook, Google, spreadsheets).
  country: [
    "country",
    "country region",
    "home country region",
    "home country",
    "address 1 country",
    "pais",
    "pays",
    "other country region",
    "address 2 country",
    "business country region",
    "work country",
  ],
  groups: ["group", "groups", "grupo", "grupos", "groupe", "groupes"],
};

/**
 * When no header matched whole: the words a header must contain. Headers with a word of
 * SKIP are never data of ours ("E-mail 1 - Label", "Phonetic First Name", "Business Fax").
 */
const WORDS: [ColumnField, (words: Set<string>) => boolean][] = [
  ["email", (w) => ["email", "mail", "courriel", "correo"].some((x) => w.has(x))],
  [
    "phone",
    (w) =>
      ["phone", "telephone", "tel", "mobile", "cell", "telefono", "movil", "celular", "portable"].some((x) =>
        w.has(x),
      ),
  ],
  ["first", (w) => ((w.has("first") || w.has("given")) && w.has("name")) || w.has("prenom")],
  [
    "last",
    (w) => ((w.has("last") || w.has("family")) && w.has("name")) || w.has("surname") || w.has("apellidos"),
  ],
  ["name", (w) => w.has("name") || w.has("nom") || w.has("nombre")],
  ["relationship", (w) => w.has("relationship") || w.has("relation") || w.has("relacion")],
  ["timezone", (w) => w.has("timezone") || (w.has("time") && w.has("zone")) || w.has("fuseau")],
  ["locale", (w) => w.has("language") || w.has("langue") || w.has("idioma")],
  ["country", (w) => w.has("country") || w.has("pais") || w.has("pays")],
];
const NAME_FIELDS = new Set<ColumnField>(["name", "first", "last"]);
const SKIP = new Set([
  "maiden",
  "short",
  "initials",
  "label",
  "type",
  "phonetic",
  "yomi",
  "fax",
  "pager",
  "prefix",
  "suffix",
  "nickname",
  "file",
  "display",
  "organization",
  "company",
  "manager",
  "assistant",
  "title",
  "middle",
  "additional",
]);

/** Which columns hold what: whole known headers first, then headers by their words. */
export function matchColumns(header: string[]): Columns {
  const normalised = header.map(normaliseHeader);
  const present = new Set(normalised);
  const columns: Columns = {};
  const taken = new Set<number>();
  const add = (field: ColumnField, index: number) => {
    (columns[field] ??= []).push(index);
    taken.add(index);
  };
  // French "Nom" beside "Prénom" is the family name; Spanish "Nombre" beside "Apellidos" the given one.
  const reading = (h: string): ColumnField | undefined => {
    if (h === "nom" && present.has("prenom")) return "last";
    if (h === "nombre" && (present.has("apellidos") || present.has("apellido"))) return "first";
    return undefined;
  };
  for (const field of Object.keys(KNOWN) as ColumnField[]) {
    for (const known of KNOWN[field]) {
      normalised.forEach((h, index) => {
        if (h === known && !taken.has(index) && (reading(h) ?? field) === field) add(field, index);
      });
    }
  }
  normalised.forEach((h, index) => {
    const field = reading(h);
    if (field && !taken.has(index)) add(field, index);
  });
  // A known name column wins over any "... Name" found by its words (Maiden Name, Short Name).
  const named = hasNameColumn(columns);
  normalised.forEach((h, index) => {
    if (taken.has(index)) return;
    const words = new Set(h.split(" "));
    if ([...words].some((w) => SKIP.has(w))) return;
    const field = WORDS.find(([, test]) => test(words))?.[0];
    if (!field || (named && NAME_FIELDS.has(field))) return;
    // Google's other numbered values (Relation 1 - Value, Website 1 - Value) are not ours.
    if (words.has("value") && field !== "email" && field !== "phone") return;
    add(field, index);
  });
  return columns;
}

/** Whether the columns can give a name at all. */
export const hasNameColumn = (c: Columns) => Boolean(c.name || c.first || c.last || c.organization);

/**
 * The values of one row: the first non-empty cell of each field; a multi-value Google cell
 * ("+1 555 0100 ::: +1 555 0101") gives its first value. The name is the name column, else
 * first, middle and last names joined, else the organization. Groups are every group column's.
 */
export function readRow(columns: Columns, cells: string[]) {
  const cell = (field: ColumnField) => {
    for (const at of columns[field] ?? []) {
      const value = (cells[at] ?? "")
        .split(" ::: ")
        .map((part) => part.trim())
        .find(Boolean);
      if (value) return value;
    }
    return undefined;
  };
  const parts = [cell("first"), cell("middle"), cell("last")].filter(Boolean);
  const groups = splitGroupNames((columns.groups ?? []).map((at) => cells[at] ?? "").join(";"));
  return {
    name: cell("name") ?? (parts.length > 0 ? parts.join(" ") : cell("organization")),
    email: cell("email"),
    phone: cell("phone"),
    relationship: cell("relationship"),
    timezone: cell("timezone"),
    locale: cell("locale"),
    birthday: cell("birthday"),
    anniversary: cell("anniversary"),
    country: cell("country"),
    groups: groups.length > 0 ? groups : undefined,
  };
}
