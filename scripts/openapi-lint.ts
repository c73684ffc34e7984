/**
 * `npm run openapi:lint`: writes the generated OpenAPI document of /api/v1 to a temporary file and
 * lints it with Redocly's CLI (redocly.yaml), so the contract CI checks is the one the app serves.
 * `--out <file>` keeps the document instead.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildOpenApiDocument } from "@/lib/api/v1/openapi-document";

const outAt = process.argv.indexOf("--out");
const dir = outAt === -1 ? mkdtempSync(path.join(tmpdir(), "remindful-openapi-")) : null;
const file = dir ? path.join(dir, "openapi.json") : path.resolve(process.argv[outAt + 1]);
writeFileSync(file, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
if (!dir) process.exit(0);
const bin = path.resolve("node_modules/.bin/redocly");
const result = spawnSync(bin, ["lint", "--config", "redocly.yaml", file], {
  stdio: "inherit",
  // No usage reports from a lint run (CI has no network).
  env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
});
rmSync(dir, { recursive: true, force: true });
process.exit(result.status ?? 1);
