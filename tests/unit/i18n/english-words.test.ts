import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";

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

const english = flatten(en as Tree);

/** The keys whose English value writes `word` (any case). */
const keysWriting = (messages: Map<string, string>, word: RegExp) =>
  [...messages].filter(([, value]) => word.test(value)).map(([key]) => key);

describe("the English words", () => {
  it('writes "email", never "e-mail" (the product\'s own spelling: "Either email or phone")', () => {
    expect(keysWriting(english, /e-mail/i)).toEqual([]);
    // The check itself finds the hyphen in any case.
    expect(
      keysWriting(
        new Map([
          ["a", "E-Mail me"],
          ["b", "by e-mail"],
          ["c", "Email"],
        ]),
        /e-mail/i,
      ),
    ).toEqual(["a", "b"]);
  });
});
