/**
 * `npm run openapi:owasp`: lints the generated /api/v1 document with Spectral's OWASP API
 * Security ruleset (.spectral.yaml) and prints the findings per rule and their total. A report:
 * the findings left on purpose are explained in docs/api.md (Checks).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildOpenApiDocument } from "@/lib/api/v1/openapi-document";

const dir = mkdtempSync(path.join(tmpdir(), "remindful-owasp-"));
const file = path.join(dir, "openapi.json");
writeFileSync(file, JSON.stringify(buildOpenApiDocument(), null, 2));
const result = spawnSync(
  path.resolve("node_modules/.bin/spectral"),
  ["lint", "--ruleset", ".spectral.yaml", "--format", "json", "--quiet", file],
  { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
);
rmSync(dir, { recursive: true, force: true });
const findings = JSON.parse(result.stdout || "[]") as { code: string }[];
const byRule = new Map<string, number>();
for (const { code } of findings) byRule.set(code, (byRule.get(code) ?? 0) + 1);
for (const [rule, count] of [...byRule].sort((a, b) => b[1] - a[1]))
  console.log(`${String(count).padStart(5)}  ${rule}`);
console.log(`${String(findings.length).padStart(5)}  findings in all`);
