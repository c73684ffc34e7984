import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import fr from "@/messages/fr.json";
import { icuArguments } from "@/tests/support/icu-arguments";

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

// Values that are the same word in every language (brand names, units, symbols).
const SAME_AS_ENGLISH =
  /^(Remindful|SMS|WhatsApp|Email|E-mail|Total|Contacts?|Stripe|OK|Menu|Message|Date|Notes?|Description|Plan|Type|Actions?|Pause|Minute|Minutes|Radio|Information|Premium|Business|Professional|Starter|Personal|Pro|Simple|Local|\{[a-zA-Z]+\}|[\d\s$%.,:/+\-–—•·|()]*|.*@.*|https?:.*|[A-Z]{2,5})$/;
// Language names are written in their own language everywhere; Spanish "Error" is the same word.
const ALLOWED_IDENTICAL = new Set<string>([
  ...["es", "fr"].flatMap((l) => ["en", "es", "fr"].map((n) => `${l}:language.names.${n}`)),
  "es:settings.errorTitle",
  // French spells "contacts" and "notifications" like English.
  "fr:shell.contactsBadge",
  "fr:shell.notifications",
  "fr:plans.limits.contacts",
  "es:messageTemplates.errorTitle",
  // French "segment", "message", "suggestions" and a sample name spelled as in English.
  "fr:messagePreview.segments",
  "fr:messagePreview.variableMessage",
  "fr:messagePreview.exampleContact",
  "fr:messageTemplates.builtIn",
  // The landing picture's sample sender, a name in every language.
  "es:landing.preview.from",
  "fr:landing.preview.from",
  // French "minutes" is the English word, as a unit and counted.
  "fr:groupReminders.chain.units.minutes",
  "fr:groupReminders.chain.minutes",
  // Punctuation around values: Spanish writes a colon as English does (French puts a space before it).
  "es:quickAdd.filledLine",
  "es:quickAdd.unknownLine",
  // A time and its zone's IANA name, written alike in every language.
  "es:outbox.sentAtIn",
  "fr:outbox.sentAtIn",
  // "Webhooks" is the word Spanish and French developer documentation uses.
  "es:webhooks.title",
  "fr:webhooks.title",
  // "Stripe: plan changed": Spanish writes the source and a colon as English does.
  "es:activityTrail.line.passive",
]);

const english = flatten(en as Tree);

describe("reading a message's placeholders", () => {
  it("takes arguments, also inside branches, and leaves branch text and quoted braces", () => {
    expect(icuArguments("{channel, select, email {email} sms {SMS by {sender}} other {{channel}}}")).toEqual([
      "channel",
      "sender",
      "channel",
    ]);
    expect(
      icuArguments("{n, plural, offset:1 =0 {none} one {# '{x}'} other {{n, number} left}} on {date}"),
    ).toEqual(["n", "n", "date"]);
    expect(icuArguments("It''s '{date}' today, {when}.")).toEqual(["when"]);
  });
});

describe.each([
  ["es", es],
  ["fr", fr],
])("messages/%s.json", (locale, messages) => {
  const translated = flatten(messages as Tree);

  it("has exactly the English keys", () => {
    expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it("translates every value that is not the same word in every language", () => {
    const untranslated = [...english]
      .filter(([key, value]) => translated.get(key) === value)
      .filter(
        ([key, value]) => !SAME_AS_ENGLISH.test(value.trim()) && !ALLOWED_IDENTICAL.has(`${locale}:${key}`),
      )
      .map(([key]) => key);
    expect(untranslated).toEqual([]);
  });

  it("keeps the placeholders of each English value", () => {
    // Read the ICU way: a branch's text ("{channel, select, email {email} ...}") is not a placeholder.
    const placeholders = (value: string) => icuArguments(value).sort();
    const mismatched = [...english]
      .filter(([key, value]) => placeholders(value).join() !== placeholders(translated.get(key) ?? "").join())
      .map(([key]) => key);
    expect(mismatched).toEqual([]);
  });
});
