import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { clientMessages, SERVER_ONLY_NAMESPACES } from "@/components/layout/client-messages";
import en from "@/messages/en.json";

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

function namespacesNamedIn(text: string): Set<string> {
  const found = new Set<string>();
  for (const match of text.matchAll(/useTranslations\(\s*["'`]([A-Za-z]+)/g)) found.add(match[1]);
  for (const match of text.matchAll(/["'`]([A-Za-z]+)\.[A-Za-z$]/g)) found.add(match[1]);
  return found;
}

describe("the signed-in shell's client messages", () => {
  it("leaves out only namespaces that exist and that no client component names", () => {
    expect(clientFiles.length).toBeGreaterThan(20);
    for (const namespace of SERVER_ONLY_NAMESPACES) {
      expect(Object.keys(en)).toContain(namespace);
      const users = clientFiles.filter(({ text }) => namespacesNamedIn(text).has(namespace));
      expect(users.map(({ file }) => file), namespace).toEqual([]);
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
