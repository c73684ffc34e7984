import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Page, TestInfo } from "@playwright/test";
import type Messages from "@/messages/en.json";
import { expect } from "./fixtures";

// Read as files: Playwright's loader refuses bare JSON module imports.
const load = (locale: string) =>
  JSON.parse(readFileSync(`messages/${locale}.json`, "utf8")) as typeof Messages;
export const en = load("en");
export const es = load("es");
export const fr = load("fr");
export const MESSAGES = { en, es, fr } as const;

export async function expectNoSeriousA11yIssues(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** Full-page screenshots in light and dark, kept as test artefacts, each checked with axe. */
export async function screenshotBothThemes(page: Page, testInfo: TestInfo, name: string) {
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((value) => localStorage.setItem("theme", value), theme);
    await page.reload();
    await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
    await page.screenshot({ path: testInfo.outputPath(`${name}-${theme}.png`), fullPage: true });
    await expectNoSeriousA11yIssues(page);
  }
}
