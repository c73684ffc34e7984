import path from "node:path";
import { writeFileSync } from "node:fs";
import type { Page, TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures";
import { axeProblems, layoutProblems } from "./screen-checks";
import { SEED_ZONE, seedAccount, useAccount, type SeededAccount, type SeedLocale } from "./screen-seed";
import { MESSAGES } from "./shell-helpers";

/**
 * Every screen and main dialog as people see them: three languages, two themes, a phone and a
 * laptop. Each look is saved as a full-page picture (test-results/screens/<locale>-<theme>-<width>/,
 * kept by CI as an artefact) and checked for sideways scrolling, text spilling out of its box,
 * controls on top of each other and axe violations. One test per language and theme walks the
 * screens on one page, switching width in place, so the whole matrix stays a few minutes.
 */

const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
] as const;

const SCREENS = [
  { name: "dashboard", path: "/" },
  { name: "reminders", path: "/reminders" },
  { name: "schedule-list", path: "/schedule?view=list" },
  { name: "schedule-week", path: "/schedule?view=week" },
  { name: "schedule-month", path: "/schedule?view=month" },
  { name: "contacts", path: "/contacts" },
  { name: "activity", path: "/activity" },
  { name: "billing", path: "/billing" },
  { name: "settings", path: "/settings" },
  { name: "developers", path: "/settings/developers" },
  { name: "activity-trail", path: "/settings/team/activity" },
  { name: "team", path: "/settings/team" },
  { name: "pricing-signed-in", path: "/pricing" },
] as const;

test.use({ timezoneId: SEED_ZONE });

// One account per language, made by its first test and reused by the second theme.
const accounts = new Map<SeedLocale, Promise<SeededAccount>>();

/** Finite animations (a dialog zooming in) done; spinners that never end are left running. */
async function settle(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

class Looks {
  readonly problems: string[] = [];
  constructor(
    private readonly page: Page,
    private readonly dir: string,
  ) {}

  /** Checks and saves the page as it is now, at one width. */
  async at(name: string, size: (typeof WIDTHS)[number], fullPage = true) {
    await this.page.setViewportSize(size);
    await settle(this.page);
    const found = [...(await layoutProblems(this.page)), ...(await axeProblems(this.page))];
    this.problems.push(...found.map((problem) => `${name} @${size.width}: ${problem}`));
    await this.page.screenshot({
      path: path.join(`${this.dir}-${size.width}`, `${name}.png`),
      fullPage,
    });
    // Also on disk as they come, beside the pictures: a walk that stops early still tells.
    writeFileSync(`${this.dir}-problems.txt`, this.problems.join("\n"));
  }

  /**
   * Both widths, the wide one first. Dialogs and menus are pictured as the window shows them: the
   * page under them is scroll-locked, and a full-page picture would show it past the overlay.
   */
  async both(name: string, fullPage = true) {
    for (const size of WIDTHS) await this.at(name, size, fullPage);
  }

  async open(url: string) {
    await this.page.setViewportSize(WIDTHS[0]);
    await this.page.goto(url);
    await this.page.waitForLoadState("networkidle");
    await expect(this.page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  }

  async visit(name: string, url: string) {
    await this.open(url);
    await this.both(name);
  }

  /** Opens a dialog (or menu), looks at it at both widths, and closes it with Escape. */
  async dialog(name: string, open: () => Promise<void>, role: "dialog" | "alertdialog" | "menu" = "dialog") {
    await this.page.setViewportSize(WIDTHS[0]);
    await open();
    await expect(this.page.getByRole(role).last()).toBeVisible();
    await this.page.waitForLoadState("networkidle");
    await this.both(name, false);
    // Escape closes the top layer only (a dialog opened from a dialog leaves the first open).
    const layers = await this.page.getByRole(role).count();
    await this.page.keyboard.press("Escape");
    await expect(this.page.getByRole(role)).toHaveCount(layers - 1);
  }
}

/** test-results/screens/<locale>-<theme>; each look adds -<width>/<name>.png. */
function screensDir(testInfo: TestInfo, locale: string, theme: string) {
  return path.join(testInfo.project.outputDir, "screens", `${locale}-${theme}`);
}

for (const locale of ["en", "es", "fr"] as const) {
  for (const theme of ["light", "dark"] as const) {
    test(`every screen and dialog in ${locale}, ${theme}, at 1280 and 375 px`, async ({
      page,
      context,
    }, testInfo) => {
      test.setTimeout(240_000);
      const m = MESSAGES[locale];
      // The app's own theme switch: the class its head script sets from local storage.
      await context.addInitScript((value) => localStorage.setItem("theme", value), theme);
      const { hostname } = new URL(process.env.E2E_BASE_URL ?? "");
      await context.addCookies([{ name: "NEXT_LOCALE", value: locale, domain: hostname, path: "/" }]);
      const looks = new Looks(page, screensDir(testInfo, locale, theme));

      if (!accounts.has(locale)) accounts.set(locale, seedAccount(locale));
      const account = await accounts.get(locale)!;

      // Signed out: the landing page, pricing, and an invitation's link.
      await looks.visit("landing", "/");
      await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
      await looks.visit("pricing", "/pricing");
      await looks.visit("invitation", `/invitations/${account.invitationToken}`);

      await useAccount(context, account, locale);

      for (const screen of SCREENS) await looks.visit(screen.name, screen.path);

      // The reminder dialog and what opens from it and from a reminder's row.
      await looks.open("/reminders");
      await looks.dialog("dialog-new-reminder", () =>
        page.getByRole("button", { name: m.reminders.newReminder }).first().click(),
      );
      await looks.dialog("dialog-templates", async () => {
        await page.getByRole("button", { name: m.reminders.newReminder }).first().click();
        await page.getByRole("dialog").getByRole("button", { name: m.messageTemplates.manage }).click();
        await expect(page.getByRole("dialog")).toHaveCount(2);
      });
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toHaveCount(0);
      const smsRow = page
        .getByTestId("reminder-row")
        .filter({ hasText: account.recurringSmsContact })
        .first();
      await looks.dialog(
        "dialog-send-now",
        () => smsRow.getByRole("button", { name: m.reminders.sendNow }).click(),
        "alertdialog",
      );
      await looks.dialog("dialog-history", () =>
        smsRow.getByRole("button", { name: m.deliveryLog.history }).click(),
      );

      // Contacts: the form, the import, the Groups dialog, and one group's contacts being selected.
      await looks.open("/contacts");
      await looks.dialog("dialog-contact-form", () =>
        page.getByRole("button", { name: m.contacts.addContact }).first().click(),
      );
      await looks.dialog("dialog-import-contacts", () =>
        page.getByRole("button", { name: m.contacts.importContacts }).click(),
      );
      await looks.dialog("dialog-groups", () =>
        page.getByRole("button", { name: m.groups.manage, exact: true }).click(),
      );
      await looks.open(`/contacts?group=${account.groupId}`);
      await page.getByRole("button", { name: m.groups.select, exact: true }).click();
      await page.getByRole("button", { name: m.groups.selectAll.replace("{count}", "2") }).click();
      await looks.both("contacts-group-selecting");
      await looks.dialog("dialog-add-to-group", () =>
        page.getByRole("button", { name: m.groups.addToGroup }).click(),
      );
      await looks.open("/contacts");

      // Settings → Team: removing a member asks first.
      await looks.open("/settings/team");
      await looks.dialog(
        "dialog-remove-member",
        () =>
          page
            .getByRole("button", { name: m.team.members.removeLabel.replace("{name}", account.memberName) })
            .click(),
        "alertdialog",
      );

      // The workspace switch, open: in the sidebar, and in the sidebar's sheet on a phone.
      await looks.open("/contacts");
      await page.getByTestId("workspace-switch").click();
      await expect(page.getByRole("menu")).toBeVisible();
      await expect(page.getByRole("menuitemradio", { name: account.otherWorkspace })).toBeVisible();
      await looks.at("menu-workspace-switch", WIDTHS[0], false);
      await page.keyboard.press("Escape");
      await page.setViewportSize(WIDTHS[1]);
      await page.getByRole("button", { name: m.shell.toggleSidebar }).click();
      await page.getByTestId("sidebar-sheet").getByTestId("workspace-switch").click();
      await expect(page.getByRole("menu")).toBeVisible();
      await looks.at("menu-workspace-switch", WIDTHS[1], false);
      await page.keyboard.press("Escape");
      await expect(page.getByRole("menu")).toHaveCount(0);
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await page.setViewportSize(WIDTHS[0]);

      // The shell: the user menu at both widths, the sidebar's sheet on a phone.
      await looks.dialog(
        "menu-user",
        () => page.getByRole("button", { name: m.shell.userMenu }).click(),
        "menu",
      );
      await page.setViewportSize(WIDTHS[1]);
      await page.getByRole("button", { name: m.shell.toggleSidebar }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await looks.at("sheet-sidebar", WIDTHS[1], false);
      await page.keyboard.press("Escape");

      // Checkout, as far as the demo payment page.
      await page.setViewportSize(WIDTHS[0]);
      await page.goto("/checkout?plan=starter&frequency=quarterly");
      await expect(page).toHaveURL(/\/checkout\/demo\?/);
      await page.waitForLoadState("networkidle");
      await looks.both("checkout");

      expect(looks.problems).toEqual([]);
    });
  }
}
