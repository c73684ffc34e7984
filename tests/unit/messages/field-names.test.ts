import { describe, expect, it } from "vitest";
import { LOCALES } from "@/i18n/locales";
import {
  FIELD_NAMES,
  FIELD_WORD,
  MESSAGE_FIELDS,
  fieldList,
  fieldNamed,
  fieldTokens,
  type MessageField,
} from "@/lib/messages/field-names";
import { renderFields, unknownFields, usesField } from "@/lib/messages/render-fields";
import { messageFieldsProblem } from "@/lib/validations/message-fields";

// Ana, born 3 March 1986, on her 40th birthday; Sam sends it.
const values = {
  contactName: "Ana María López",
  senderName: "Sam",
  occurrenceDate: { year: 2026, month: 3, day: 3 },
  contactDate: { month: 3, day: 3, year: 1986 },
};
const FILLED: Record<MessageField, string> = {
  first_name: "Ana",
  name: "Ana María López",
  sender: "Sam",
  age: "40",
  date: "March 3",
};
const everyName = MESSAGE_FIELDS.flatMap((field) =>
  LOCALES.flatMap((locale) =>
    (FIELD_NAMES[field][locale] as readonly string[]).map((name) => [field, locale, name] as const),
  ),
);

describe("message fields in every language", () => {
  it("gives each field at least one name in each language, every name a field word", () => {
    for (const field of MESSAGE_FIELDS)
      for (const locale of LOCALES) expect(FIELD_NAMES[field][locale].length).toBeGreaterThan(0);
    for (const [, , name] of everyName) expect(name).toMatch(new RegExp(`^${FIELD_WORD}$`, "u"));
    expect(fieldTokens("es")).toEqual({
      first_name: "{nombre}",
      name: "{nombre_completo}",
      sender: "{remitente}",
      age: "{edad}",
      date: "{fecha}",
    });
    expect(fieldList("fr")).toBe("{prénom}, {nom}, {expéditeur}, {âge}, {date}");
    expect(fieldList("en")).toBe("{first_name}, {name}, {sender}, {age}, {date}");
  });

  it("never gives one name to two fields", () => {
    for (const [field, , name] of everyName) expect(fieldNamed(name)).toBe(field);
  });

  it.each(everyName)("fills {%s} written as {%s's %s} in a message to any language", (field, _, name) => {
    expect(renderFields(`[{${name}}]`, { ...values, locale: "en" })).toBe(`[${FILLED[field]}]`);
    // A Spanish name in a message to a French contact: filled, its date the French way.
    const french = renderFields(`[{${name}}]`, { ...values, locale: "fr" });
    expect(french).toBe(field === "date" ? "[3 mars]" : `[${FILLED[field]}]`);
    expect(unknownFields(`{${name}}`)).toEqual([]);
    expect(usesField(`x {${name}} y`, field)).toBe(true);
  });

  it("reads French names typed with combining accents and without accents", () => {
    const decomposed = "{pre\u0301nom} {expe\u0301diteur} {a\u0302ge}";
    expect(renderFields(decomposed, { ...values, locale: "fr" })).toBe("Ana Sam 40");
    expect(renderFields("{prenom} {expediteur} {age}", { ...values, locale: "fr" })).toBe("Ana Sam 40");
    expect(unknownFields(decomposed)).toEqual([]);
  });

  it("reports unknown words in any language, accented ones too, as written", () => {
    expect(unknownFields("{prénon} {nombre} {edades} {prénon} {cumpleaños}")).toEqual([
      "prénon",
      "edades",
      "cumpleaños",
    ]);
    // Capitalised or spaced braces are text, as they always were.
    expect(unknownFields("{Nombre} {Prénom} { nombre }")).toEqual([]);
    expect(renderFields("{Nombre} {Prénom} { nombre } {prénon}", { ...values, locale: "es" })).toBe(
      "{Nombre} {Prénom} { nombre } {prénon}",
    );
  });

  it("asks for a year for the age by any of its names, naming it as written", () => {
    expect(messageFieldsProblem("¡Feliz {edad} cumpleaños!")).toMatchObject({
      code: "age_needs_birth_year",
      message: "{edad} needs a reminder made from a contact date with a year",
    });
    expect(messageFieldsProblem("Bon {âge} !")?.code).toBe("age_needs_birth_year");
    expect(messageFieldsProblem("{edad}", { contactDate: { month: 3, day: 3, year: 1986 } })).toBeNull();
    expect(messageFieldsProblem("Hola {nombre}, {fecha}. {remitente}")).toBeNull();
    expect(messageFieldsProblem("Hola {nombres}")).toMatchObject({
      code: "unknown_fields",
      fields: ["nombres"],
    });
  });

  it("renders messages saved with the English names exactly as before", () => {
    // Written before the Spanish and French names existed, with what they sent then.
    const saved: [string, string][] = [
      [
        "Happy {age}th, {first_name}! {name}, {date}. {sender}",
        "Happy 40th, Ana! Ana María López, March 3. Sam",
      ],
      ["Love, {sender}.", "Love, Sam."],
      [
        "{Name} {first_name}{first_name} { name } {nickname} {café}",
        "{Name} AnaAna { name } {nickname} {café}",
      ],
      ["Set {x} and {first_name}...", "Set {x} and Ana..."],
      ["No fields at all.", "No fields at all."],
    ];
    for (const [body, sent] of saved) expect(renderFields(body, { ...values, locale: "en" })).toBe(sent);
  });
});
