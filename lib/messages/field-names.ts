import type { Locale } from "@/i18n/locales";

/** The fields a message may hold, written in braces: "Happy {age}th, {first_name}!". */
export const MESSAGE_FIELDS = ["first_name", "name", "sender", "age", "date"] as const;
export type MessageField = (typeof MESSAGE_FIELDS)[number];

/**
 * Each field's names in each language, the one place they are written. The first name of a
 * language is the one shown to people who use it (insert buttons, hints, the texts the product
 * writes); every name of every language is read in any message, so "{nombre}" is filled in a
 * message to a French contact. French also accepts its names without accents, as people often
 * type them.
 */
export const FIELD_NAMES = {
  first_name: { en: ["first_name"], es: ["nombre"], fr: ["prénom", "prenom"] },
  name: { en: ["name"], es: ["nombre_completo"], fr: ["nom"] },
  sender: { en: ["sender"], es: ["remitente"], fr: ["expéditeur", "expediteur"] },
  age: { en: ["age"], es: ["edad"], fr: ["âge", "age"] },
  date: { en: ["date"], es: ["fecha"], fr: ["date"] },
} as const satisfies Record<MessageField, Record<Locale, readonly [string, ...string[]]>>;

/**
 * A `{word}` that may be a field: lower-case letters (accented ones too, and combining accents
 * as some keyboards type them) and underscores. `{Name}` and `{ name }` are text, as they always
 * were, so messages saved before keep their braces as written.
 */
export const FIELD_WORD = "[\\p{Ll}\\p{M}_]+";

const FIELD_BY_NAME: ReadonlyMap<string, MessageField> = new Map(
  MESSAGE_FIELDS.flatMap((field) =>
    Object.values<readonly string[]>(FIELD_NAMES[field]).flatMap((names) =>
      names.map((name) => [name, field] as const),
    ),
  ),
);

/** The field a name in braces stands for, in any language; undefined when it is none. */
export function fieldNamed(name: string): MessageField | undefined {
  // "é" typed as "e" and a combining accent reads as the one character the catalogue holds.
  return FIELD_BY_NAME.get(name.normalize("NFC"));
}

/** A field as people using `locale` write it, in braces: "{nombre}". */
export function fieldToken(field: MessageField, locale: Locale): string {
  return `{${FIELD_NAMES[field][locale][0]}}`;
}

/** Every field as `locale` writes it, by field: the values of messages that show fields as text. */
export function fieldTokens(locale: Locale): Record<MessageField, string> {
  return Object.fromEntries(MESSAGE_FIELDS.map((field) => [field, fieldToken(field, locale)])) as Record<
    MessageField,
    string
  >;
}

/** "{first_name}, {name}, {sender}, {age}, {date}" in `locale`'s names. */
export function fieldList(locale: Locale): string {
  return MESSAGE_FIELDS.map((field) => fieldToken(field, locale)).join(", ");
}
