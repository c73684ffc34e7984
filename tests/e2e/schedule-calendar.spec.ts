import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { addContact } from "./reminder-helpers";
import { screenshotBothThemes } from "./shell-helpers";

// The Schedule's month and week views: every occurrence on its day, the keyboard, the agenda on a phone.

const ZONE = "Europe/Madrid";

/** 'YYYY-MM-DD' of an instant in Madrid, read with Intl (not with the app's code). */
function madridDay(at: Date): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(at);
}

/** Calendar arithmetic on 'YYYY-MM-DD' strings, through UTC noon. */
const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const weekdayEs = (date: string) =>
  new Intl.DateTimeFormat("es", { weekday: "long", timeZone: "UTC" }).format(new Date(`${date}T12:00:00Z`));
const weekday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay(); // 0 = Sunday
/** The same day `months` months away, or that month's last day. */
function plusMonths(date: string, months: number): string {
  const [year, month, day] = date.split("-").map(Number);
  const last = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month - 1 + months, Math.min(day, last), 12)).toISOString().slice(0, 10);
}

/** 'November 2026' for the month of a 'YYYY-MM-DD' date. */
const monthTitle = (date: string) =>
  new Intl.DateTimeFormat("en", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${date}T12:00:00Z`),
  );

const focusedDate = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.date);

test("the month view shows every Sunday of a weekly reminder, moves by keyboard, opens it, and is an agenda on a phone", async ({
  page,
  signIn,
}, testInfo) => {
  const user = await signIn({ timezone: ZONE });
  const ana = await addContact(user.id, "Ana", { phone: "+34600111222" });
  const weekly = await page.request.post("/api/reminders", {
    data: {
      contactId: ana.id,
      type: "text",
      message: "Call grandma",
      deliveryMethod: "whatsapp",
      scheduleType: "recurring",
      frequency: "weekly",
      frequencyConfig: { time: "18:00", days: ["Sun"], endCondition: "never" },
    },
  });
  expect(weekly.status()).toBe(201);
  const { nextRunAt } = (await weekly.json()) as { nextRunAt: string };
  const firstSunday = madridDay(new Date(nextRunAt));
  const today = madridDay(new Date());

  await page.goto("/schedule");
  await expect(page.getByRole("link", { name: "List", exact: true })).toHaveAttribute("aria-current", "page");
  await page
    .getByRole("navigation", { name: "Schedule view" })
    .getByRole("link", { name: "Month", exact: true })
    .click();
  await expect(page).toHaveURL(/\/schedule\?view=month/);
  const title = monthTitle(today);
  await expect(page.getByTestId("calendar-title")).toHaveText(title);

  // Six weeks, from a Sunday (English weeks start on Sunday).
  const grid = page.getByRole("grid", { name: title });
  const cells = grid.getByRole("gridcell");
  await expect(cells).toHaveCount(42);
  await expect(grid.getByRole("columnheader").first()).toHaveText(/Sunday/);
  const dates = await cells.evaluateAll((all) => all.map((cell) => (cell as HTMLElement).dataset.date ?? ""));
  expect(weekday(dates[0])).toBe(0);

  // Every Sunday from the first occurrence on has it at 6:00 PM, by WhatsApp; no other day has any.
  const sundays = dates.filter((date) => weekday(date) === 0 && date >= firstSunday);
  expect(sundays.length).toBeGreaterThanOrEqual(1);
  for (const date of dates) {
    const occurrences = grid.locator(`[data-date="${date}"]`).getByTestId("calendar-occurrence");
    if (sundays.includes(date)) {
      await expect(occurrences).toHaveCount(1);
      await expect(occurrences).toHaveText(/^6:00 PM Ana\s*WhatsApp · Scheduled$/);
      await expect(occurrences).toHaveAttribute("data-channel", "whatsapp");
    } else {
      await expect(occurrences).toHaveCount(0);
    }
  }
  await screenshotBothThemes(page, testInfo, "schedule-month");

  // The keyboard: today's cell is the grid's one Tab stop. A move onto another month's day turns the page.
  const todayCell = grid.locator(`[data-date="${today}"]`);
  await expect(todayCell).toHaveAttribute("tabindex", "0");
  await expect(todayCell).toHaveAttribute("aria-current", "date");
  await todayCell.focus();
  const anyGrid = page.getByRole("grid");
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => focusedDate(page)).toBe(plusDays(today, 1));
  await page.keyboard.press("ArrowLeft");
  await expect.poll(() => focusedDate(page)).toBe(today);
  await page.keyboard.press("ArrowDown");
  await expect.poll(() => focusedDate(page)).toBe(plusDays(today, 7));
  await page.keyboard.press("ArrowUp");
  await expect.poll(() => focusedDate(page)).toBe(today);
  await page.keyboard.press("Home");
  const weekStart = plusDays(today, -weekday(today));
  await expect.poll(() => focusedDate(page)).toBe(weekStart);
  await page.keyboard.press("End");
  const weekEnd = plusDays(weekStart, 6);
  await expect.poll(() => focusedDate(page)).toBe(weekEnd);
  await expect(anyGrid.locator(`[data-date="${weekEnd}"]`)).toHaveAttribute("tabindex", "0");
  await expect(anyGrid).toHaveAccessibleName(monthTitle(weekEnd));

  // Page Down: the same day next month, its page in the address (reload and back work).
  await page.keyboard.press("PageDown");
  const nextMonthDay = plusMonths(weekEnd, 1);
  await expect(page).toHaveURL(new RegExp(`date=${nextMonthDay}`));
  await expect.poll(() => focusedDate(page)).toBe(nextMonthDay);
  await expect(page.getByTestId("calendar-title")).toHaveText(monthTitle(nextMonthDay));
  await page.keyboard.press("PageUp");
  await expect(page.getByTestId("calendar-title")).toHaveText(monthTitle(weekEnd));
  await expect.poll(() => focusedDate(page)).toBe(plusMonths(nextMonthDay, -1));
  await page.goBack();
  await expect(page.getByTestId("calendar-title")).toHaveText(monthTitle(nextMonthDay));
  await page.reload();
  await expect(page.getByTestId("calendar-title")).toHaveText(monthTitle(nextMonthDay));
  await page.goto("/schedule?view=month");
  await expect(grid).toBeVisible();

  // Enter lists a Sunday's reminders; choosing one opens it.
  const sunday = sundays[0];
  const label = new Intl.DateTimeFormat("en", {
    weekday: "long",
    month: "long",
    day: "numeric",
    year: sunday.slice(0, 4) === today.slice(0, 4) ? undefined : "numeric",
    timeZone: "UTC",
  }).format(new Date(`${sunday}T12:00:00Z`));
  // A screen reader hears the day, how many, and each occurrence.
  await expect(grid.locator(`[data-date="${sunday}"]`)).toHaveAccessibleName(
    new RegExp(`^${label}, 1 reminder\\s*6:00 PM Ana\\s*WhatsApp · Scheduled$`),
  );
  await grid.locator(`[data-date="${sunday}"]`).focus();
  await page.keyboard.press("Enter");
  const day = page.getByTestId("day-dialog");
  await expect(day).toBeVisible();
  await expect(day.getByRole("heading", { name: label })).toBeVisible();
  await day.getByTestId("calendar-occurrence").click();
  const edit = page.getByRole("dialog", { name: "Edit Reminder" });
  await expect(edit.getByLabel("Message")).toHaveValue("Call grandma");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // A click on an occurrence in the grid opens it too.
  await grid.locator(`[data-date="${sunday}"]`).getByTestId("calendar-occurrence").click();
  await expect(page.getByRole("dialog", { name: "Edit Reminder" })).toBeVisible();
  await page.keyboard.press("Escape");

  // On a phone: an agenda of the month's days that have something, no squeezed grid.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(grid).toBeHidden();
  const agenda = page.getByTestId("calendar-agenda");
  await expect(agenda).toBeVisible();
  const month = today.slice(0, 7);
  const monthSundays = sundays.filter((date) => date.startsWith(month));
  await expect(agenda.getByRole("heading", { level: 3 })).toHaveCount(monthSundays.length);
  await expect(agenda.getByTestId("calendar-occurrence")).toHaveCount(monthSundays.length);
  const size = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(size.scrollWidth).toBeLessThanOrEqual(size.innerWidth);
  if (monthSundays.length > 0) {
    await agenda.getByTestId("calendar-occurrence").first().click();
    await expect(page.getByRole("dialog", { name: "Edit Reminder" })).toBeVisible();
    await page.keyboard.press("Escape");
  }
  await screenshotBothThemes(page, testInfo, "schedule-month-375");
});

test("the week view starts on Monday in Spanish and says the year of a day in another year", async ({
  page,
  signIn,
}) => {
  await signIn({ timezone: ZONE, locale: "es" });
  const { hostname } = new URL(process.env.E2E_BASE_URL ?? "");
  await page.context().addCookies([{ name: "NEXT_LOCALE", value: "es", domain: hostname, path: "/" }]);
  await page.addInitScript(() => localStorage.setItem("locale", "es"));
  const nextYear = Number(madridDay(new Date()).slice(0, 4)) + 1;
  // 1 January of next year: its week is shown, its days named with their year.
  await page.goto(`/schedule?view=week&date=${nextYear}-01-01`);
  await expect(page.getByRole("link", { name: "Semana", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const grid = page.getByRole("grid");
  await expect(grid.getByRole("columnheader").first()).toHaveText(/lunes/);
  const cells = grid.getByRole("gridcell");
  await expect(cells).toHaveCount(7);
  const first = await cells.first().getAttribute("data-date");
  expect(weekday(first ?? "")).toBe(1);
  await expect(grid.locator(`[data-date="${nextYear}-01-01"]`)).toHaveAccessibleName(
    `${weekdayEs(`${nextYear}-01-01`)}, 1 de enero de ${nextYear}, nada programado`,
  );
  // An address it cannot read opens the list.
  await page.goto("/schedule?view=year&date=tomorrow");
  await expect(page.getByRole("link", { name: "Lista", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
});
