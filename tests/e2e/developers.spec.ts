import AxeBuilder from "@axe-core/playwright";
import { request as playwrightRequest } from "@playwright/test";
import { expect, test } from "./fixtures";

/** Calls GET /api/v1/usage as a program would: no cookies, only the key. */
async function usageWith(baseURL: string, key: string) {
  const context = await playwrightRequest.newContext();
  try {
    const res = await context.get(new URL("/api/v1/usage", baseURL).href, {
      headers: { authorization: `Bearer ${key}` },
    });
    return res.status();
  } finally {
    await context.dispose();
  }
}

test("Settings → Developers creates an API key shown once, which works until it is revoked", async ({
  page,
  signIn,
  baseURL,
}) => {
  await signIn();
  await page.goto("/settings");
  await page.getByTestId("developers-link").getByRole("link", { name: "Open developer settings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Developers" })).toBeVisible();

  const section = page.getByTestId("api-keys");
  await expect(section.getByText("No API keys yet.")).toBeVisible();
  await section.getByLabel("Key name").fill("Booking system");
  await section.getByLabel("Access").selectOption("read");
  await section.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByText("API key created")).toBeVisible();

  const field = section.getByLabel("Your new API key");
  await expect(field).toHaveValue(/^rmd_[A-Za-z0-9_-]{43}$/);
  const key = await field.inputValue();
  const row = section.getByTestId("api-key-row").filter({ hasText: "Booking system" });
  await expect(row).toContainText(`${key.slice(0, 12)}…`);
  await expect(row).toContainText("Never used");

  const audit = await new AxeBuilder({ page }).include("[data-testid=api-keys]").analyze();
  expect(audit.violations).toEqual([]);

  expect(await usageWith(baseURL ?? "", key)).toBe(200);
  // Shown once: after a reload only the prefix is left, and its use is recorded.
  await page.reload();
  await expect(section.getByLabel("Your new API key")).toHaveCount(0);
  await expect(page.locator("body")).not.toContainText(key.slice(12));
  await expect(row).toContainText("Last used");

  await row.getByRole("button", { name: "Revoke" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Revoke key" }).click();
  await expect(page.getByText("API key revoked")).toBeVisible();
  await expect(row).toContainText("Revoked");
  expect(await usageWith(baseURL ?? "", key)).toBe(401);
});

test("the API reference lists the operations of the OpenAPI document", async ({ page }) => {
  await page.goto("/docs/api");
  await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
  await expect(page.locator("#createReminder")).toContainText("/reminders");
  await expect(page.locator("#listDeliveries")).toContainText("GET");
  const audit = await new AxeBuilder({ page }).analyze();
  expect(audit.violations).toEqual([]);
});
