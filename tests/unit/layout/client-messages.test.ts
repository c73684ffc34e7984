import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { clientMessages, SERVER_ONLY_NAMESPACES } from "@/components/layout/client-messages";
import en from "@/messages/en.json";
import { clientModulesOf, namespacesNamedIn, relative } from "@/tests/support/client-graph";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

// Every client module, and the namespaces it names: useTranslations("ns…") and full keys "ns.…".
const clientFiles = ["app", "components", "lib"]
  .flatMap((dir) => sourceFiles(dir))
  .map((file) => ({ file, text: readFileSync(file, "utf8") }))
  .filter(({ text }) => /^\s*["']use client["']/m.test(text));

// Every module the signed-in pages run in the browser, hooks and helpers without a directive of
// their own included (followed from each page and layout through its imports).
const signedInClientModules = clientModulesOf(
  sourceFiles("app/(app)").filter((file) => /\/(page|layout|loading|error)\.tsx$/.test(file)),
).map((file) => ({ file: relative(file), text: readFileSync(file, "utf8") }));

describe("the signed-in shell's client messages", () => {
  it("leaves out only namespaces that exist and that no client component names", () => {
    expect(clientFiles.length).toBeGreaterThan(20);
    expect(signedInClientModules.length).toBeGreaterThan(clientFiles.length / 2);
    for (const namespace of SERVER_ONLY_NAMESPACES) {
      expect(Object.keys(en)).toContain(namespace);
      const users = [...clientFiles, ...signedInClientModules].filter(({ file, text }) =>
        namespacesNamedIn(text, file).has(namespace),
      );
      expect(
        users.map(({ file }) => file),
        namespace,
      ).toEqual([]);
    }
  });

  it("keeps every other namespace, whole", () => {
    const picked = clientMessages(en);
    const kept = Object.keys(en).filter((ns) => !(SERVER_ONLY_NAMESPACES as readonly string[]).includes(ns));
    expect(Object.keys(picked).sort()).toEqual(kept.sort());
    for (const ns of kept) expect(picked[ns]).toBe((en as Record<string, unknown>)[ns]);
    expect(clientMessages(en)).toBe(picked);
  });
});
