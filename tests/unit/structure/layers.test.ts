import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { LIB_LAYERS } from "@/eslint/layers.mjs";

const eslint = new ESLint({ cwd: process.cwd() });

/** The layering rule's messages for `code` as if it were the file at `filePath`. */
async function layerErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === "layers/one-way").map((m) => m.message);
}

describe("the layering lint rule", () => {
  it("refuses a lower domain importing a higher one, and two domains of one layer importing each other", async () => {
    expect(await layerErrors(`export { engine } from "@/lib/delivery/engine";\n`, "lib/db/wrong.ts")).toEqual(
      [expect.stringContaining("lib/db (layer 2) must not import lib/delivery")],
    );
    expect(
      await layerErrors(
        `import { x } from "@/lib/templates/list-templates";\nexport { x };\n`,
        "lib/reminders/wrong.ts",
      ),
    ).toEqual([expect.stringContaining("lib/reminders (layer 12) must not import lib/templates (layer 12)")]);
    expect(
      await layerErrors(`import { x } from "../delivery/engine";\nexport { x };\n`, "lib/replies/wrong.ts"),
    ).toHaveLength(1);
  });

  it("lets a domain import a lower layer and its own folder", async () => {
    expect(
      await layerErrors(`import { db } from "@/lib/db";\nexport { db };\n`, "lib/delivery/right.ts"),
    ).toEqual([]);
    expect(
      await layerErrors(`import { x } from "./engine";\nexport { x };\n`, "lib/delivery/right.ts"),
    ).toEqual([]);
  });

  it("keeps lib/ below the app, and the schema and config below lib/", async () => {
    expect(
      await layerErrors(`import x from "@/components/ui/button";\nexport { x };\n`, "lib/users/wrong.ts"),
    ).toHaveLength(1);
    expect(
      await layerErrors(`import { db } from "@/lib/db";\nexport { db };\n`, "db/schema/wrong.ts"),
    ).toHaveLength(1);
  });

  it("knows every lib/ folder", async () => {
    const { readdirSync } = await import("node:fs");
    const folders = readdirSync("lib", { withFileTypes: true }).map((e) => e.name.replace(/\.(ts|tsx)$/, ""));
    const known = new Set(LIB_LAYERS.flat());
    expect(folders.filter((name) => !known.has(name))).toEqual([]);
  });
});
