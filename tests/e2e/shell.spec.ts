import { MESSAGES, fr } from "./shell-helpers";
import { expect, test } from "./fixtures";

for (const locale of ["en", "es", "fr"] as const) {
  test.describe(`in ${locale}`, () => {
    test.use({ locale: locale === "en" ? "en-US" : `${locale}-${locale.toUpperCase()}` });

    test("public pages render server-side in the browser's language", async ({ page }) => {
      const m = MESSAGES[locale];
      await page.goto("/");
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(m.landing.heroTitle);
      await expect(page.getByRole("link", { name: m.landing.cta })).toHaveAttribute("href", "/api/login");
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", m.landing.metaTitle);
      // What sets the product apart: one card per feature, the ones Free lacks with their plan.
      const features = page.getByRole("region", { name: m.landing.featuresTitle });
      await expect(features.getByRole("heading", { level: 2 })).toHaveText(m.landing.featuresTitle);
      await expect(features.getByRole("heading", { level: 3 })).toHaveText(
        Object.values(m.landing.features).map((feature) => feature.title),
      );
      const fromPlan = (plan: keyof typeof m.plans.names) =>
        m.landing.featureFromPlan.replace("{plan}", m.plans.names[plan]);
      await expect(features.getByText(fromPlan("personal"), { exact: true })).toHaveCount(2);
      await expect(features.getByText(fromPlan("starter"), { exact: true })).toHaveCount(2);
      // The hero's call is one image named by its scene, with the call's own prompt in the page's language.
      const heroName = m.landing.preview.alt
        .replace("{message}", m.landing.preview.message)
        .replace("{prompt}", m.delivery.call.keypadConfirm);
      await expect(page.getByTestId("hero-preview")).toHaveAccessibleName(heroName);
      await expect(page.getByRole("img", { name: heroName, exact: true })).toBeVisible();
      await page.goto("/pricing");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(m.plans.pricingTitle);
      await expect(page.getByRole("tab", { name: new RegExp(m.plans.badge.mostPopular) })).toBeVisible();
      await page.goto("/terms");
      await expect(page.getByRole("heading", { level: 2 })).toHaveCount(10);
      await expect(page).toHaveTitle(new RegExp(m.terms.metaTitle));
    });
  });
}

test("the landing page shows how it works, plans with 'Save up to', enterprise mailto and footer", async ({
  page,
}) => {
  await page.goto("/");
  for (const step of ["Add contacts", "Create reminders", "Schedule delivery"]) {
    await expect(page.getByRole("heading", { name: new RegExp(step) })).toBeVisible();
  }
  const plans = page.getByTestId("landing-plans");
  for (const text of [
    "$0",
    "$9.99",
    "$19.99",
    "$49.99",
    "$99.99",
    "Save up to 20%",
    "Save up to 25%",
    "Save up to 30%",
  ]) {
    await expect(plans.getByText(text, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "Contact sales" })).toHaveAttribute("href", /^mailto:/);
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms");
  await expect(footer.getByRole("link", { name: "Pricing" })).toHaveAttribute("href", "/pricing");
  await expect(footer.getByRole("link", { name: "Contact" })).toHaveAttribute("href", /^mailto:/);
});

test("the language choice survives a reload and local storage wins over the browser", async ({ page }) => {
  await page.goto("/");
  await page.getByTestId("language-select").selectOption("fr");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(fr.landing.heroTitle);
  expect(await page.evaluate(() => localStorage.getItem("locale"))).toBe("fr");
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");

  // A lost cookie is restored from local storage before the user sees English for long.
  await page.context().clearCookies();
  await page.goto("/pricing");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(fr.plans.pricingTitle);
});

test("the theme persists and is applied before the body is painted", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("html")).toHaveClass(/\blight\b/);
  await page.getByTestId("theme-toggle").click();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
  // Record <html>'s class at the moment <body> is inserted, i.e. before anything is painted.
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.body) {
        (window as unknown as { classAtBody: string }).classAtBody = document.documentElement.className;
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.reload();
  expect(await page.evaluate(() => (window as unknown as { classAtBody: string }).classAtBody)).toMatch(
    /\bdark\b/,
  );
});

test("signed-in layout: sidebar collapses by click and Ctrl+B, remembered in sidebar_state", async ({
  page,
  signIn,
}) => {
  await signIn({
    planType: "starter",
    subscriptionStatus: "active",
    remindersQuota: 500,
    remindersUsedCurrentPeriod: 12,
  });
  await page.goto("/");
  const sidebar = page.getByTestId("sidebar");
  await expect(sidebar).toHaveAttribute("data-state", "expanded");
  for (const name of ["Dashboard", "Contacts", "Reminders", "Schedule", "Settings", "Billing"]) {
    await expect(sidebar.getByRole("link", { name })).toBeVisible();
  }
  // Log out is a form's button (a POST), not a link a GET could follow.
  await expect(sidebar.getByRole("button", { name: "Log out" })).toBeVisible();
  const usage = page.getByTestId("sidebar-usage");
  await expect(usage).toContainText("Starter");
  await expect(usage).toContainText("0/100 contacts");
  await expect(usage).toContainText("12/500 reminders this month");
  await expect.poll(async () => (await sidebar.locator("aside").boundingBox())?.width).toBe(256);

  await page.getByTestId("sidebar-trigger").click();
  await expect(sidebar).toHaveAttribute("data-state", "collapsed");
  await expect.poll(async () => (await sidebar.locator("aside").boundingBox())?.width).toBe(48);
  const cookie = (await page.context().cookies()).find((c) => c.name === "sidebar_state");
  expect(cookie?.value).toBe("false");
  const lifetime = (cookie?.expires ?? 0) - Date.now() / 1000;
  expect(lifetime).toBeGreaterThan(604_800 - 120);
  expect(lifetime).toBeLessThanOrEqual(604_800 + 1);

  await page.reload();
  await expect(sidebar).toHaveAttribute("data-state", "collapsed");
  await page.keyboard.press("Control+b");
  await expect(sidebar).toHaveAttribute("data-state", "expanded");

  await page.getByTestId("user-menu").click();
  const menu = page.getByRole("menu");
  await expect(menu).toContainText("Ana Díaz");
  await expect(menu.getByRole("menuitem", { name: "Settings" })).toHaveAttribute("href", "/settings");
  // Log out from the keyboard: the menu item submits the log-out form (a POST).
  await menu.getByRole("menuitem", { name: "Log out" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("user-menu")).toHaveCount(0);
  await page.goto("/settings");
  await expect(page.getByTestId("user-menu")).toHaveCount(0);
});

test("pay-as-you-go shows the credit balance in dollars", async ({ page, signIn }) => {
  await signIn({ planType: "payg", subscriptionStatus: "active", paygCreditBalance: 1234 });
  await page.goto("/");
  await expect(page.getByTestId("sidebar-usage")).toContainText("Credit balance: $12.34");
  await expect(page.getByTestId("sidebar-usage")).not.toContainText("reminders this month");
});

test("below 768 px the sidebar is a slide-in sheet", async ({ page, signIn }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn();
  await page.goto("/");
  await expect(page.getByTestId("sidebar")).toBeHidden();
  await page.getByTestId("sidebar-trigger").click();
  const sheet = page.getByTestId("sidebar-sheet");
  await expect(sheet).toBeVisible();
  await expect.poll(async () => (await sheet.boundingBox())?.width).toBe(288);
  await sheet.getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(sheet).toBeHidden();
});
