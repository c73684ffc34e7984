import AxeBuilder from "@axe-core/playwright";
import { eq } from "drizzle-orm";
import { users } from "@/db/schema";
import { readFileSync } from "node:fs";
import type Messages from "@/messages/en.json";
import { e2eDb, expect, test } from "./fixtures";
import type { Page, TestInfo } from "@playwright/test";

// Read as files: Playwright's loader refuses bare JSON module imports.
const load = (locale: string) =>
  JSON.parse(readFileSync(`messages/${locale}.json`, "utf8")) as typeof Messages;
const es = load("es");
const fr = load("fr");
const en = load("en");
const MESSAGES = { en, es, fr } as const;

async function expectNoSeriousA11yIssues(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** Full-page screenshots in light and dark, kept as test artefacts. */
async function screenshotBothThemes(page: Page, testInfo: TestInfo, name: string) {
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((value) => localStorage.setItem("theme", value), theme);
    await page.reload();
    await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
    await page.screenshot({ path: testInfo.outputPath(`${name}-${theme}.png`), fullPage: true });
    await expectNoSeriousA11yIssues(page);
  }
}

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
  for (const name of ["Dashboard", "Contacts", "Reminders", "Schedule", "Settings", "Billing", "Log out"]) {
    await expect(sidebar.getByRole("link", { name })).toBeVisible();
  }
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
  await expect(menu.getByRole("menuitem", { name: "Log out" })).toHaveAttribute("href", "/api/logout");
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

test("pricing tabs, figures and button targets", async ({ page, signIn }) => {
  await page.goto("/pricing");
  await expect(page.getByTestId("plan-starter-monthly")).toContainText("$19.99");
  await expect(
    page.getByTestId("plan-starter-monthly").getByRole("link", { name: "Start Free Trial" }),
  ).toHaveAttribute("href", "/");
  await expect(
    page.getByTestId("plan-free-monthly").getByRole("link", { name: "Get Started Free" }),
  ).toHaveAttribute("href", "/");
  await page.getByRole("tab", { name: /Annual.*BEST VALUE/ }).click();
  await expect(page.getByTestId("plan-starter-annual")).toContainText("$15.99");
  await expect(page.getByTestId("plan-starter-annual")).toContainText("Save 20% ($191.90 billed annually)");
  await expect(page.getByTestId("plan-business-annual")).toContainText("Save 30% ($839.92 billed annually)");
  await page.getByRole("tab", { name: /Bi-Annual.*MOST POPULAR/ }).click();
  await expect(page.getByTestId("plan-professional-biannual")).toContainText(
    "Save 15% ($254.95 billed every 6 months)",
  );
  await page.getByRole("tab", { name: "3 Monthly" }).click();
  await expect(page.getByTestId("plan-business-quarterly")).toContainText("$84.99");
  await expect(page.getByTestId("payg-card")).toContainText("$0.01 per reminder");
  await expect(page.getByTestId("credit-package-1")).toContainText("+250 bonus");
  await expect(page.getByTestId("credit-package-3")).toContainText("28,000 reminders");
  await expect(page.getByTestId("pricing-footnotes")).toContainText("7-day free trial");

  await signIn();
  await page.reload();
  await page.getByRole("tab", { name: /Annual.*BEST VALUE/ }).click();
  await expect(
    page.getByTestId("plan-business-annual").getByRole("link", { name: "Start Free Trial" }),
  ).toHaveAttribute("href", "/checkout?plan=business&frequency=annual");
  await expect(page.getByTestId("credit-package-2").getByRole("link")).toHaveAttribute(
    "href",
    "/checkout?plan=payg&package=2",
  );
});

test("settings round trip, with a 101-character sender name rejected", async ({ page, signIn }) => {
  const user = await signIn();
  await page.goto("/settings");
  await expect(page.getByLabel("Email")).toHaveValue(user.email);
  await expect(page.getByTestId("account-information")).toContainText("Free Trial");
  await expect(page.getByTestId("account-information")).toContainText(
    "50 contacts · 50 reminders during the trial",
  );
  await expect(page.getByRole("link", { name: "Upgrade Plan" })).toHaveAttribute("href", "/pricing");

  await page.getByLabel("Sender Name").fill("x".repeat(101));
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Sender name must be at most 100 characters")).toBeVisible();
  const [unchanged] = await e2eDb.select().from(users).where(eq(users.id, user.id));
  expect(unchanged.senderName).toBeNull();

  await page.getByLabel("First Name").fill("Beatriz");
  await page.getByLabel("Sender Name").fill("Bea at Acme");
  await page.getByLabel("Phone Number").fill("+1 415 555 0123");
  await page.getByRole("searchbox", { name: "Search time zones" }).fill("paris");
  await page.getByLabel("Timezone", { exact: true }).selectOption("Europe/Paris");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Settings saved")).toBeVisible();
  const [saved] = await e2eDb.select().from(users).where(eq(users.id, user.id));
  expect(saved).toMatchObject({
    firstName: "Beatriz",
    senderName: "Bea at Acme",
    phone: "+14155550123",
    timezone: "Europe/Paris",
  });

  await page.getByLabel("Phone Number").fill("12");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Error", { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("First Name")).toHaveValue("Beatriz");
  await expect(page.getByLabel("Phone Number")).toHaveValue("+14155550123");
});

for (const [locale, m] of [
  ["es", es],
  ["fr", fr],
] as const) {
  test(`signed-in screens read in ${locale} and keep it after a reload`, async ({ page, signIn }) => {
    await signIn({ planType: "free", subscriptionStatus: "active", remindersQuota: 10 });
    await page.goto("/");
    await page.getByTestId("language-select").selectOption(locale);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    const sidebar = page.getByTestId("sidebar");
    await expect(sidebar.getByRole("link", { name: m.shell.nav.settings })).toBeVisible();
    await expect(page.getByTestId("sidebar-usage")).toContainText(m.plans.names.free);
    await page.goto("/settings");
    await expect(page.getByRole("button", { name: m.settings.save })).toBeVisible();
    await expect(page.getByRole("link", { name: m.settings.upgradePlan })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(m.settings.title);
    await page.goto("/pricing");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(m.plans.pricingTitle);
    await expect(page.getByTestId("plan-free-monthly")).toContainText(m.plans.actions.currentPlan);
  });
}

test("route table signed out and signed in, 404, sitemap and robots", async ({ page, request, signIn }) => {
  for (const route of ["/settings", "/billing"]) {
    await page.goto(route);
    await expect(page).toHaveURL(/\/$/);
  }
  const missing = await page.goto("/definitely-not-here");
  expect(missing?.status()).toBe(404);
  await expect(page.getByText("404 Page Not Found")).toBeVisible();
  await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();

  const sitemap = await (await request.get("/sitemap.xml")).text();
  for (const path of ["/pricing", "/terms"]) expect(sitemap).toContain(`${path}</loc>`);
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain("Disallow: /api/");
  expect(robots).toMatch(/Sitemap: .*\/sitemap\.xml/);

  await signIn();
  for (const [route, text] of [
    ["/", "Welcome back"],
    ["/settings", "Settings"],
    ["/pricing", "Choose your plan"],
    ["/terms", "Terms of Service"],
  ] as const) {
    await page.goto(route);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(text);
  }
  // The dashboard's internal route is not a path of its own.
  expect((await page.goto("/home"))?.status()).toBe(404);
  // Client-side navigation back to `/` from the sidebar lands on the dashboard.
  await page.goto("/settings");
  await page.getByTestId("sidebar").getByRole("link", { name: "Dashboard" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Welcome back");
  await page.getByTestId("sidebar").getByRole("link", { name: "Log out" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en.landing.heroTitle);
});

test("accessibility and screenshots of every page in light and dark", async ({ page, signIn }, testInfo) => {
  for (const [route, name] of [
    ["/", "landing"],
    ["/pricing", "pricing"],
    ["/terms", "terms"],
  ] as const) {
    await page.goto(route);
    await screenshotBothThemes(page, testInfo, name);
  }
  await signIn();
  for (const [route, name] of [
    ["/", "home"],
    ["/settings", "settings"],
  ] as const) {
    await page.goto(route);
    await screenshotBothThemes(page, testInfo, name);
  }
});
