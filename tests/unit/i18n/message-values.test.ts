import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
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

const messages = flatten(en as Tree);
const ROOT = join(__dirname, "../../..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/**
 * The arguments a message needs: `{name}`, `{count, plural, ...}`; `#` inside a plural is not one,
 * nor a brace quoted the ICU way (`'{date}'` is written as is).
 */
const argumentsOf = (message: string) =>
  [...message.replace(/'\{[^']*'/g, "").matchAll(/\{\s*(\w+)\s*[,}]/g)].map((m) => m[1]);

/**
 * Calls whose key is built from a value the code has narrowed: the messages with values are
 * asked for, with them, in the branches before.
 */
const NARROWED = new Set([
  // The switch's cases give default_time, next_year, clock_gap, clock_overlap and month_end their values.
  "components/quick-add/use-quick-add-texts.ts: t(`notes.${note.kind}`)",
]);

/** The catalogue keys a written key names: a template literal's `${...}` stands for any segment. */
function keysNamed(namespace: string, written: string): string[] {
  const full = namespace ? `${namespace}.${written}` : written;
  if (!full.includes("${")) return messages.has(full) ? [full] : [];
  const pattern = new RegExp(
    `^${full
      .split(/\$\{[^}]*\}/)
      .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, "\\$&"))
      .join("[^.]+")}$`,
  );
  return [...messages.keys()].filter((key) => pattern.test(key));
}

/**
 * Every call of a translator with a key and nothing else (`t("status.held")`) whose message needs
 * a value: next-intl would show the key instead ("deliveryLog.status.held") and log a formatting
 * error. Translators are found where they are made (useTranslations / getTranslations with a
 * namespace), in app/, components/ and lib/.
 */
function callsWithoutValues(): { found: string[]; checked: number } {
  const found: string[] = [];
  let checked = 0;
  const files = ["app", "components", "lib"].flatMap((dir) => sourceFiles(join(ROOT, dir)));
  for (const file of files) {
    const source = readFileSync(file, "utf8");
    const translators = new Map<string, string>();
    const made =
      /(?:const|let)\s+(\w+)\s*=\s*(?:await\s+)?(?:useTranslations|getTranslations)\(\s*(?:"([^"]*)"|\{[^}]*namespace:\s*"([^"]*)"[^}]*\})?\s*\)/g;
    for (const m of source.matchAll(made)) translators.set(m[1], m[2] ?? m[3] ?? "");
    // `const [t, tPlans] = await Promise.all([getTranslations("a"), getTranslations("b")])`.
    const inAll = /const\s+\[([^\]]+)\]\s*=\s*await\s+Promise\.all\(\[([\s\S]*?)\]\)/g;
    for (const m of source.matchAll(inAll)) {
      const names = m[1].split(",").map((name) => name.trim());
      const calls = m[2].split(/,(?![^(]*\))/).map((call) => call.trim());
      names.forEach((name, index) => {
        const namespace = /^(?:useTranslations|getTranslations)\(\s*"([^"]*)"\s*\)$/.exec(calls[index] ?? "");
        if (name && namespace) translators.set(name, namespace[1]);
      });
    }
    for (const [name, namespace] of translators) {
      const call = new RegExp(`(?<![\\w.])${name}\\(\\s*("[^"]*"|\`[^\`]*\`)\\s*(?:as\\s+[^)]*)?\\)`, "g");
      for (const m of source.matchAll(call)) {
        const written = m[1].slice(1, -1);
        checked += 1;
        if (NARROWED.has(`${relative(ROOT, file)}: ${name}(${m[1]})`)) continue;
        for (const key of keysNamed(namespace, written)) {
          const needed = argumentsOf(messages.get(key) ?? "");
          if (needed.length > 0)
            found.push(`${relative(ROOT, file)}: ${name}(${m[1]}) → ${key} needs ${needed.join(", ")}`);
        }
      }
    }
  }
  return { found, checked };
}

describe("messages and their values", () => {
  it("no translator call leaves out the values its message needs", () => {
    const { found, checked } = callsWithoutValues();
    expect(found).toEqual([]);
    // The scan reads the code's calls (not an empty set).
    expect(checked).toBeGreaterThan(500);
  });

  it("finds a call without its values (the check itself)", () => {
    expect(keysNamed("deliveryLog", "status.${entry.status}")).toContain("deliveryLog.status.heldUntil");
    expect(argumentsOf(messages.get("deliveryLog.status.heldUntil")!)).toEqual(["time"]);
    expect(argumentsOf(messages.get("deliveryLog.attempts")!)).toEqual(["count"]);
    expect(argumentsOf("No date chosen: '{date}' shows today, {when}.")).toEqual(["when"]);
  });
});
