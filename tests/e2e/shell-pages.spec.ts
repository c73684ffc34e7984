import { eq } from "drizzle-orm";
import { users } from "@/db/schema";
import type { Locator } from "@playwright/test";
import { e2eDb, expect, test } from "./fixtures";
import { en, es, fr, screenshotBothThemes } from "./shell-helpers";

/** An element's box on the page; it must be shown. */
async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`not shown: ${locator.toString()}`);
  return box;
}

// Pricing, settings, the route table and accessibility of the pages the shell frames.
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
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(user.email);
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
  // An invalid phone is shown under its field, like the other fields' errors.
  await expect(page.getByRole("alert").filter({ hasText: "Invalid phone number" })).toBeVisible();
  await expect(page.getByLabel("Phone Number")).toHaveAttribute("aria-invalid", "true");
  await page.reload();
  await expect(page.getByLabel("First Name")).toHaveValue("Beatriz");
  // Stored as E.164, shown formatted.
  await expect(page.getByLabel("Phone Number")).toHaveValue("+1 415 555 0123");
});

for (const [locale, m] of [
  ["es", es],
  ["fr", fr],
] as const) {
  test(`signed-in screens read in ${locale} and keep it after a reload`, async ({ page, signIn }) => {
    const user = await signIn({ planType: "free", subscriptionStatus: "active", remindersQuota: 10 });
    await page.goto("/");
    await page.getByTestId("language-select").selectOption(locale);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await expect
      .poll(async () => (await e2eDb.select().from(users).where(eq(users.id, user.id)))[0].locale)
      .toBe(locale);
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

for (const [locale, m] of [
  ["es", es],
  ["fr", fr],
] as const) {
  test.describe(`in ${locale}`, () => {
    test.use({ locale: `${locale}-${locale.toUpperCase()}` });

    test("the contacts header keeps its buttons on one row at 1280 px and in whole rows at 375 px", async ({
      page,
      signIn,
    }) => {
      await signIn();
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto("/contacts");
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      const header = page.getByRole("main").locator("header");
      const buttons = [m.groups.manage, m.contacts.importContacts, m.contacts.addContact].map((name) =>
        header.getByRole("button", { name, exact: true }),
      );
      const boxes = () => Promise.all(buttons.map((button) => boxOf(button)));

      // Beside the title, one row, Add contact last (it used to wrap under the other two).
      const title = await boxOf(header.getByRole("heading", { level: 1 }));
      const [groups, importing, adding] = await boxes();
      expect([importing.y, adding.y]).toEqual([groups.y, groups.y]);
      expect(groups.x).toBeGreaterThan(title.x + title.width);
      expect(importing.x).toBeGreaterThan(groups.x + groups.width);
      expect(adding.x).toBeGreaterThan(importing.x + importing.width);

      // A phone: under the title, nothing off the screen or on top of another, Add contact on a
      // whole row of its own under the others.
      await page.setViewportSize({ width: 375, height: 812 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      const row = await boxOf(header.getByTestId("contacts-actions"));
      const phone = await boxes();
      for (const button of phone) {
        expect(button.x).toBeGreaterThanOrEqual(0);
        expect(button.x + button.width).toBeLessThanOrEqual(375);
      }
      const [phoneGroups, phoneImporting, phoneAdding] = phone;
      expect(
        phoneImporting.x >= phoneGroups.x + phoneGroups.width ||
          phoneImporting.y >= phoneGroups.y + phoneGroups.height,
      ).toBe(true);
      expect(phoneAdding.y).toBeGreaterThanOrEqual(phoneImporting.y + phoneImporting.height);
      expect(Math.round(phoneAdding.width)).toBe(Math.round(row.width));
    });
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
    ["/", "Welcome, Ana!"],
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
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Ana!");
  await page.getByTestId("sidebar").getByRole("button", { name: "Log out" }).click();
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

test("at 375 px the landing and the signed-in home stay usable and accessible", async ({
  page,
  signIn,
}, testInfo) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/");
  await expect(page.getByRole("banner").getByRole("link", { name: en.public.signIn })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await screenshotBothThemes(page, testInfo, "landing-mobile");
  // The longer Spanish and French labels must fit too.
  for (const locale of ["es", "fr"]) {
    await page.getByTestId("language-select").selectOption(locale);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  }
  await page.getByTestId("language-select").selectOption("en");
  await signIn();
  await page.goto("/settings");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await screenshotBothThemes(page, testInfo, "settings-mobile");
});
