import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { contactDates, reminders, workspaces } from "@/db/schema";
import { e2eDb, expect, test } from "./fixtures";
import { addContact, localDate } from "./reminder-helpers";
import { MESSAGES } from "./shell-helpers";

// A newcomer's tour: a phone-sized screen in three languages, the keyboard, translated errors.

const LOCALES = ["en", "es", "fr"] as const;
type Locale = (typeof LOCALES)[number];

async function setLocale(page: Page, locale: Locale) {
  const { hostname } = new URL(process.env.E2E_BASE_URL ?? "");
  await page.context().addCookies([{ name: "NEXT_LOCALE", value: locale, domain: hostname, path: "/" }]);
  // The head script prefers local storage: keep both in step (the last init script wins).
  await page.addInitScript((value) => localStorage.setItem("locale", value), locale);
}

async function expectNoHorizontalOverflow(page: Page, where: string) {
  const size = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(size.scrollWidth, `${where}: page wider than the screen`).toBeLessThanOrEqual(size.innerWidth);
}

/** The open dialog's content fits its box and the box fits the screen. */
async function expectDialogFits(page: Page, where: string) {
  const dialog = page.locator("[role=dialog], [role=alertdialog]").last();
  await expect(dialog).toBeVisible();
  const fit = await dialog.evaluate((element) => {
    const box = element.getBoundingClientRect();
    // What shows of an element: its box cut by the ancestors that clip (a progress bar's
    // indicator slides in from outside its track, unseen).
    const visible = (child: Element) => {
      const rect = child.getBoundingClientRect();
      let { left, right } = rect;
      for (let up = child.parentElement; up && up !== element; up = up.parentElement) {
        if (getComputedStyle(up).overflowX === "visible") continue;
        const clip = up.getBoundingClientRect();
        left = Math.max(left, clip.left);
        right = Math.min(right, clip.right);
      }
      return { left, right };
    };
    const outside = [...element.querySelectorAll("*")]
      .filter((child) => {
        const { left, right } = visible(child);
        // Visually hidden text (1 px, clipped) is not content.
        return right - left > 1 && (right > box.right + 0.5 || left < box.left - 0.5);
      })
      .map((child) => `${child.tagName} "${(child.textContent ?? "").slice(0, 30)}"`);
    return {
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
      right: box.right,
      innerWidth: window.innerWidth,
      outside: outside.slice(0, 5),
    };
  });
  expect(fit.outside, `${where}: content outside the dialog`).toEqual([]);
  expect(fit.scrollWidth, `${where}: dialog content wider than its box`).toBeLessThanOrEqual(fit.clientWidth);
  expect(fit.right, `${where}: dialog wider than the screen`).toBeLessThanOrEqual(fit.innerWidth);
}

test.describe("375 px wide", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  for (const locale of LOCALES) {
    test(`no screen or dialog overflows, in ${locale}`, async ({ page, signIn }) => {
      test.setTimeout(180_000);
      const m = MESSAGES[locale];
      const user = await signIn({
        firstName: "Maximiliana",
        lastName: "Montenegro-Villalobos",
        timezone: "UTC",
      });
      const contact = await addContact(user.id, "Bartholomew Featherstonehaugh-Wolfeschlegel", {
        email: "bartholomew.featherstonehaugh-wolfeschlegel@example-family-domain.com",
        relationship: "Great-grandfather's cousin",
      });
      // A dated contact: its card lists the date with its age and a "Yearly reminder" button.
      await e2eDb.insert(contactDates).values({
        workspaceId: user.id,
        contactId: contact.id,
        kind: "anniversary",
        month: 9,
        day: 30,
        year: 1975,
      });
      await setLocale(page, locale);
      await page.goto("/");
      const once = await page.request.post("/api/reminders", {
        data: {
          contactId: contact.id,
          type: "text",
          message: "Happy birthday! ".repeat(12),
          deliveryMethod: "email",
          scheduleType: "once",
          scheduledFor: `${localDate(3, "UTC")}T19:00`,
        },
      });
      expect(once.status()).toBe(201);
      const weekly = await page.request.post("/api/reminders", {
        data: {
          contactId: contact.id,
          type: "text",
          message: "Call grandma",
          deliveryMethod: "sms",
          scheduleType: "recurring",
          frequency: "weekly",
          frequencyConfig: {
            time: "19:00",
            days: ["Mon", "Wed", "Fri", "Sun"],
            endCondition: "after",
            endAfterCount: 12,
          },
        },
      });
      expect(weekly.status()).toBe(201);

      for (const path of [
        "/",
        "/contacts",
        "/reminders",
        "/schedule",
        "/settings",
        "/billing",
        "/pricing",
        "/checkout/demo?plan=starter&frequency=annual",
      ]) {
        await page.goto(path);
        await expect(page.locator("html")).toHaveAttribute("lang", locale);
        await expect(page.locator("main").first()).toBeVisible();
        await expectNoHorizontalOverflow(page, `${locale} ${path}`);
      }

      // Every dialog of the signed-in screens.
      await page.goto("/reminders");
      await page.getByRole("button", { name: m.reminders.newReminder }).first().click();
      await expectDialogFits(page, `${locale} new reminder`);
      await page.getByRole("radio", { name: m.reminderForm.recurring }).click();
      await expectDialogFits(page, `${locale} new reminder, recurring`);
      await page.keyboard.press("Escape");
      await page.getByTestId("reminder-row").first().getByRole("button", { name: m.reminders.edit }).click();
      await expectDialogFits(page, `${locale} edit reminder`);
      await page.keyboard.press("Escape");

      await page.goto("/contacts");
      await page.getByRole("button", { name: m.contacts.addContact }).first().click();
      await expectDialogFits(page, `${locale} add contact`);
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: m.contacts.importContacts }).click();
      await expectDialogFits(page, `${locale} import contacts`);
      await page.getByRole("tab", { name: m.contactImport.phoneTab }).click();
      await expectDialogFits(page, `${locale} import contacts, phone`);
      await page.keyboard.press("Escape");
      const card = page.getByTestId("contact-card").first();
      await card.getByRole("button", { name: m.contacts.menuLabel.replace("{name}", contact.name) }).click();
      await page.getByRole("menuitem", { name: m.contacts.editContact }).click();
      await expectDialogFits(page, `${locale} edit contact`);
      await page.keyboard.press("Escape");
      // Deleting a contact asks nothing (Undo follows it): covered in undo.spec.ts.

      // The sidebar is a sheet on a phone.
      await page.getByRole("button", { name: m.shell.toggleSidebar }).click();
      await expectDialogFits(page, `${locale} sidebar sheet`);
      await page.keyboard.press("Escape");

      // The upgrade dialog, at the reminder limit.
      await e2eDb
        .update(workspaces)
        .set({ remindersQuota: 1, remindersUsedCurrentPeriod: 1 })
        .where(eq(workspaces.id, user.id));
      await page.goto("/reminders");
      await page.getByRole("button", { name: m.reminders.newReminder }).first().click();
      await page.getByRole("button", { name: m.reminderForm.submitCreate }).click();
      await expect(page.getByTestId("upgrade-dialog")).toBeVisible();
      await expectDialogFits(page, `${locale} upgrade`);
    });
  }
});

test("keyboard: focus returns to the opener, no invisible stop, 'Number of times' can be retyped", async ({
  page,
  signIn,
}) => {
  const user = await signIn({ timezone: "UTC" });
  const contact = await addContact(user.id, "Kai");
  await page.goto("/reminders");

  // A button opener gets focus back on Escape and on Cancel.
  const opener = page.getByRole("button", { name: "New Reminder" }).first();
  await opener.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Create New Reminder" });
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();

  // Contact, then straight to Message: nothing invisible in between.
  await opener.press("Enter");
  await dialog.getByLabel("Contact").focus();
  await page.keyboard.press("Tab");
  await expect(dialog.getByLabel("Message")).toBeFocused();
  await page.keyboard.type("Stretch!");

  // 'Number of times': cleared, then retyped.
  await dialog.getByRole("radio", { name: "Recurring" }).click();
  await dialog.getByRole("radio", { name: "After" }).click();
  const count = dialog.getByLabel("Number of times");
  await expect(count).toHaveValue("10");
  await count.focus();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.press("Backspace");
  await expect(count).toHaveValue("");
  await page.keyboard.type("25");
  await expect(count).toHaveValue("25");
  await dialog.getByLabel("Contact").selectOption(contact.id);
  await dialog.getByRole("button", { name: "Cancel" }).focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();

  await opener.press("Enter");
  await dialog.getByLabel("Contact").selectOption(contact.id);
  await dialog.getByLabel("Message").fill("Stretch!");
  await dialog.getByRole("radio", { name: "Recurring" }).click();
  await dialog.getByLabel("Frequency").selectOption("daily");
  await dialog.getByRole("radio", { name: "After" }).click();
  await count.fill("");
  await count.pressSequentially("7");
  await dialog.getByRole("button", { name: "Create Reminder" }).press("Enter");
  await expect(page.getByText("Reminder created").last()).toBeVisible();
  const [saved] = await e2eDb.select().from(reminders).where(eq(reminders.workspaceId, user.id));
  expect(saved.endAfterCount).toBe(7);
  await expect(opener).toBeFocused();

  // A dialog opened from a menu item gives focus back to the menu's button.
  await page.goto("/contacts");
  const menuButton = page.getByRole("button", { name: "Options for Kai" });
  // A key pressed while the page is still hydrating (a busy machine) can open the menu without
  // Radix knowing it was the keyboard: close it and press again until the first item has focus.
  await expect(async () => {
    if (await page.getByRole("menu").isVisible()) await page.keyboard.press("Escape");
    await menuButton.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menuitem", { name: "Edit Contact" })).toBeFocused({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Edit Contact" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(menuButton).toBeFocused();
});

for (const locale of ["es", "fr"] as const) {
  test(`server errors and plan names read in ${locale}`, async ({ page, signIn }) => {
    const m = MESSAGES[locale];
    const user = await signIn({ timezone: "UTC", planType: "starter", subscriptionStatus: "active" });
    const contact = await addContact(user.id, "Lea", { phone: null });
    await setLocale(page, locale);
    await page.goto("/reminders");
    await page.getByRole("button", { name: m.reminders.newReminder }).first().click();
    const dialog = page.getByRole("dialog", { name: m.reminderForm.titleCreate });
    await dialog.getByLabel(m.reminderForm.contact).selectOption(contact.id);
    await dialog.getByLabel(m.reminderForm.message, { exact: true }).fill("Hola");
    // Today at 00:00 has passed: only the server can say so (the dialog offers e-mail alone here).
    await dialog.getByLabel(m.reminderForm.date, { exact: true }).fill(localDate(0, "UTC"));
    await dialog.getByLabel(m.reminderForm.hour, { exact: true }).selectOption("00");
    await dialog.getByLabel(m.reminderForm.minute, { exact: true }).selectOption("00");
    await dialog.getByRole("button", { name: m.reminderForm.submitCreate }).click();
    // The API answered code scheduled_in_past; the dialog says it in the user's language.
    await expect(dialog.getByText(m.errors.scheduled_in_past)).toBeVisible();
    await expect(page.getByText(MESSAGES.en.errors.scheduled_in_past, { exact: false })).toHaveCount(0);
    await page.keyboard.press("Escape");

    // One name per plan: sidebar, billing and the upgrade path all say the catalogue's.
    const starter = m.plans.names.starter;
    await expect(page.getByTestId("sidebar-usage")).toContainText(starter);
    await page.goto("/billing");
    await expect(page.getByTestId("plan-name")).toHaveText(starter);
  });
}

test("first visit says Welcome; ?new=1 leaves the URL; icon, headers and landing prices", async ({
  page,
  signIn,
  request,
}) => {
  const user = await signIn({ firstName: "Ana" });
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Ana!");
  const trialName = MESSAGES.en.plans.names.trial;
  await expect(page.getByTestId("sidebar-usage")).toContainText(trialName);
  await expect(page.getByTestId("usage-panel")).toContainText(`${trialName} plan`);
  await page.goto("/billing");
  await expect(page.getByTestId("plan-name")).toHaveText(trialName);

  const contact = await addContact(user.id, "Kai");
  await page.goto(`/reminders?new=1&contactId=${contact.id}`);
  const dialog = page.getByRole("dialog", { name: "Create New Reminder" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Contact")).toHaveValue(contact.id);
  await expect(page).toHaveURL(/\/reminders$/);
  await page.keyboard.press("Escape");
  await page.reload();
  await expect(page.getByRole("heading", { name: "Reminders", level: 1 })).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome back, Ana!");

  // The icon the pages link to exists; no Permissions-Policy feature Chromium does not know.
  const icon = await page.locator('link[rel="icon"]').first().getAttribute("href");
  expect(icon).toBeTruthy();
  expect((await request.get(icon ?? "")).status()).toBe(200);
  const headers = (await request.get("/")).headers();
  expect(headers["permissions-policy"]).not.toContain("contacts");

  // Landing cards: '/month' stays on the price's line, at every width and in every language.
  await page.context().clearCookies();
  for (const locale of LOCALES) {
    await setLocale(page, locale);
    for (const width of [640, 1024, 1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/");
      const prices = page.getByTestId("landing-price");
      await expect(prices.first()).toBeVisible();
      for (const price of await prices.all()) {
        const [amount, period] = await price.locator("span").all();
        const a = await amount.boundingBox();
        const p = await period.boundingBox();
        expect(p && a && p.y + p.height <= a.y + a.height + 1, `${locale} ${width}px`).toBe(true);
        const card = await price.locator("xpath=ancestor::li[1]").boundingBox();
        expect(p && card && p.x + p.width <= card.x + card.width, `${locale} ${width}px`).toBe(true);
      }
    }
  }
});

test("a toast never has to cover the buttons of the last reminder row", async ({ page, signIn }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const user = await signIn({ timezone: "UTC" });
  const contact = await addContact(user.id, "Kai");
  const due = new Date(Date.UTC(2031, 4, 6, 14, 5));
  await e2eDb.insert(reminders).values(
    Array.from({ length: 8 }, (_, i) => ({
      workspaceId: user.id,
      contactId: contact.id,
      message: `Note ${i}`,
      deliveryMethod: "sms",
      scheduleType: "once",
      scheduledFor: new Date(due.getTime() + i * 86_400_000),
      nextRunAt: new Date(due.getTime() + i * 86_400_000),
    })),
  );
  await page.goto("/reminders");
  const rows = page.getByTestId("reminder-row");
  await expect(rows).toHaveCount(8);
  const last = rows.last();
  await last.getByRole("button", { name: "Cancel" }).click();
  const toast = page.locator("[data-sonner-toast]").first();
  await expect(toast).toBeVisible();
  // The row is measured once it shows the cancelled reminder (its scheduled buttons gone): the
  // toast can come before that render, and a button listed before it would be waited for in vain.
  await expect(last.getByRole("button", { name: "Cancel" })).toHaveCount(0);
  await expect(last.getByRole("button")).not.toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const toastBox = await toast.boundingBox();
  for (const button of await last.getByRole("button").all()) {
    const box = await button.boundingBox();
    if (!box || !toastBox) throw new Error("no box");
    const overlaps =
      box.x < toastBox.x + toastBox.width &&
      toastBox.x < box.x + box.width &&
      box.y < toastBox.y + toastBox.height &&
      toastBox.y < box.y + box.height;
    expect(overlaps, `toast over '${await button.textContent()}'`).toBe(false);
  }
});
