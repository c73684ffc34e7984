import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");
const EXTENSIONS = [".ts", ".tsx", "/index.ts", "/index.tsx"];

// Imports that bring code along (type-only ones do not): static, re-exports, side-effect and import().
const IMPORT_PATTERNS = [
  /^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?["']([^"']+)["']/gm,
  /\bimport\(\s*["']([^"']+)["']\s*\)/g,
];

function read(file: string): string {
  return readFileSync(file, "utf8");
}

function directive(text: string, name: "use client" | "use server"): boolean {
  return new RegExp(`^\\s*["']${name}["']`).test(text.replace(/^(\s*\/\/[^\n]*\n|\s*\/\*[\s\S]*?\*\/)*/, ""));
}

/** The project file a specifier names, or null for a package. */
function resolve(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("@/")) base = path.join(ROOT, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null;
  if (/\.(tsx?)$/.test(base) && existsSync(base)) return base;
  for (const ext of EXTENSIONS) if (existsSync(base + ext) && statSync(base + ext).isFile()) return base + ext;
  // JSON, CSS and the like hold no component code.
  if (existsSync(base)) return null;
  throw new Error(`${path.relative(ROOT, from)}: cannot resolve "${specifier}"`);
}

/** The project modules a module imports for their code (type-only imports left out). */
export function importsOf(file: string): string[] {
  const text = read(file);
  const found = new Set<string>();
  const [staticImports, dynamicImports] = IMPORT_PATTERNS;
  for (const match of text.matchAll(staticImports)) {
    if (match[1]) continue;
    const target = resolve(file, match[2]);
    if (target) found.add(target);
  }
  for (const match of text.matchAll(dynamicImports)) {
    const target = resolve(file, match[1]);
    if (target) found.add(target);
  }
  return [...found];
}

/**
 * Every module that runs in the browser when `entries` render: the `"use client"` modules reached
 * from them and everything those import (server actions aside: a client module holds only a
 * reference to them).
 */
export function clientModulesOf(entries: string[]): string[] {
  const client = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string, inClient: boolean) => {
    const text = read(file);
    if (directive(text, "use server") && !entries.includes(file)) return;
    const isClient = inClient || directive(text, "use client");
    const key = `${isClient}:${file}`;
    if (seen.has(key)) return;
    seen.add(key);
    if (isClient) client.add(file);
    for (const target of importsOf(file)) visit(target, isClient);
  };
  for (const entry of entries) visit(path.resolve(ROOT, entry), false);
  return [...client].sort();
}

/** The message namespaces a module names: useTranslations("ns…") and full keys "ns.…". */
export function namespacesNamedIn(text: string, file = ""): Set<string> {
  const found = new Set<string>();
  // The schema's enumerations hold stored values, some dotted (webhook events: "delivery.sent"),
  // never translation keys.
  if (/(^|\/)db\/schema\//.test(file)) return found;
  for (const match of text.matchAll(/useTranslations\(\s*["'`]([A-Za-z]+)/g)) found.add(match[1]);
  for (const match of text.matchAll(/["'`]([A-Za-z]+)\.[A-Za-z$]/g)) found.add(match[1]);
  return found;
}

/**
 * A translation hook whose namespace is not written out (`useTranslations(ns)`), which the
 * scan above cannot follow; the modules that have one.
 */
export function unreadableNamespaces(files: string[]): string[] {
  return files.filter((file) => /useTranslations\(\s*[^"'`)\s]/.test(read(file)));
}

export function relative(file: string): string {
  return path.relative(ROOT, file);
}

export { read as readSource, ROOT as PROJECT_ROOT };
