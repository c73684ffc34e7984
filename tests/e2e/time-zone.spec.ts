import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { reminders, users } from "@/db/schema";
import { e2eDb, expect, test } from "./fixtures";
import { addContact, localDate } from "./reminder-helpers";
import { es } from "./shell-helpers";

const MADRID = "Europe/Madrid";

/** The wall time of an instant in a zone, as 'YYYY-MM-DD HH:MM'. */
function wallTime(at: Date, zone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/**
 * Waits until the page is hydrated (the user menu answers): the offer reads the browser's zone
 * after hydration, so only then does its absence mean anything.
 */
async function hydrated(page: Page) {
  await expect(async () => {
    await page.getByTestId("user-menu").click();
    await expect(page.getByTestId("signed-in-email")).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await page.keyboard.press("Escape");
}

test.describe("a newcomer in Madrid", () => {
  // A browser in Spain: its clock and its language.
  test.use({ timezoneId: MADRID, locale: "es-ES" });

  test("signs up and schedules tomorrow 09:00 without visiting Settings: it is due at 09:00 Madrid time", async ({
    page,
  }) => {
    const email = `madrid-${Date.now()}@example.com`;
    await page.goto("/sign-in");
    await page.getByLabel(es.auth.emailLabel).fill(email);
    await page.getByRole("button", { name: es.auth.sendLink }).click();
    await expect(page.getByText(es.auth.checkEmailTitle)).toBeVisible();
    await page.goto("/dev/outbox");
    await page
      .getByTestId("outbox-message")
      .filter({ hasText: email })
      .first()
      .getByRole("link")
      .first()
      .click();
    await page.getByRole("button", { name: es.auth.confirmButton }).click();
    await expect(page.getByTestId("user-menu")).toBeVisible();

    // The account took the browser's zone and language at sign-up.
    const [user] = await e2eDb.select().from(users).where(eq(users.email, email));
    expect(user.timezone).toBe(MADRID);
    expect(user.locale).toBe("es");
    await addContact(user.id, "Lucía", { email: "lucia@example.com", phone: "+34612345678" });

    await page.goto("/reminders");
    // The browser and the account agree: nothing to offer.
    await hydrated(page);
    await expect(page.getByTestId("time-zone-offer")).toHaveCount(0);
    await page.getByRole("button", { name: es.reminders.newReminder }).first().click();
    const dialog = page.getByRole("dialog", { name: es.reminderForm.titleCreate });
    await expect(dialog).toBeVisible();
    // The dialog says which zone its times are in.
    await expect(dialog.getByText(es.reminderForm.timezoneNote.replace("{timezone}", MADRID))).toBeVisible();
    await dialog.getByLabel(es.reminderForm.contact).selectOption({ label: "Lucía" });
    await dialog.getByLabel(es.reminderForm.message).fill("¡Feliz día!");
    await expect(dialog.getByLabel(es.reminderForm.hour)).toHaveValue("09");
    await expect(dialog.getByLabel(es.reminderForm.minute)).toHaveValue("00");
    const tomorrow = localDate(1, MADRID);
    await dialog.getByLabel(es.reminderForm.date).fill(tomorrow);
    await dialog.getByRole("button", { name: es.reminderForm.submitCreate }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);

    const [reminder] = await e2eDb.select().from(reminders).where(eq(reminders.workspaceId, user.id));
    expect(reminder.timezone).toBe(MADRID);
    // Due (the engine's next_run_at) at 09:00 on the clocks in Madrid, not 09:00 UTC.
    expect(wallTime(reminder.nextRunAt!, MADRID)).toBe(`${tomorrow} 09:00`);
    expect(reminder.scheduledFor?.toISOString()).toBe(reminder.nextRunAt?.toISOString());
  });
});

test.describe("a browser whose zone differs from the account's", () => {
  test.use({ timezoneId: MADRID });

  test("is offered the switch, never switched silently; Use saves it, Keep is remembered", async ({
    page,
    signIn,
  }) => {
    const user = await signIn({ timezone: "America/New_York" });
    await page.goto("/reminders");
    const offer = page.getByTestId("time-zone-offer");
    await expect(offer).toContainText(
      "This device is set to Europe/Madrid, but your reminders are scheduled in America/New_York.",
    );
    // Nothing changed by showing it.
    expect((await e2eDb.select().from(users).where(eq(users.id, user.id)))[0].timezone).toBe(
      "America/New_York",
    );
    await offer.getByRole("button", { name: "Use Europe/Madrid" }).click();
    await expect(page.getByText("New reminders now use Europe/Madrid.")).toBeVisible();
    await expect(offer).toHaveCount(0);
    await expect
      .poll(async () => (await e2eDb.select().from(users).where(eq(users.id, user.id)))[0].timezone)
      .toBe(MADRID);
    await page.reload();
    await hydrated(page);
    await expect(page.getByTestId("time-zone-offer")).toHaveCount(0);

    // A user who keeps their zone is not asked again on this browser.
    const other = await signIn({ timezone: "Asia/Tokyo" });
    await page.goto("/");
    await page.getByTestId("time-zone-offer").getByRole("button", { name: "Keep Asia/Tokyo" }).click();
    await expect(page.getByTestId("time-zone-offer")).toHaveCount(0);
    await page.reload();
    await hydrated(page);
    await expect(page.getByTestId("time-zone-offer")).toHaveCount(0);
    expect((await e2eDb.select().from(users).where(eq(users.id, other.id)))[0].timezone).toBe("Asia/Tokyo");

    // The same clock under another name (Paris keeps Madrid's time) is no difference.
    await signIn({ timezone: "Europe/Paris" });
    await page.goto("/");
    await hydrated(page);
    await expect(page.getByTestId("time-zone-offer")).toHaveCount(0);
  });
});
