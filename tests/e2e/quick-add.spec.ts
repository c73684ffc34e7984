import { and, eq } from "drizzle-orm";
import { reminders } from "@/db/schema";
import { e2eDb, expect, test } from "./fixtures";
import { addContact } from "./reminder-helpers";
import { en, es, expectNoSeriousA11yIssues } from "./shell-helpers";

// Quick add: a line in plain words fills the reminder dialog; nothing is saved before its Create.

const ZONE = "Europe/Madrid";

/** 'YYYY-MM-DD' of an instant in Madrid, read with Intl (not with the app's code). */
const madridDay = (at: Date) =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(at);
const weekday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay(); // 0 = Sunday

const savedFor = (userId: string) => e2eDb.select().from(reminders).where(eq(reminders.workspaceId, userId));

test("Madrid, in Spanish: a line on the dashboard fills the dialog, is saved there, and is on every Sunday of the month", async ({
  page,
  signIn,
}) => {
  const user = await signIn({ timezone: ZONE, locale: "es" });
  const { hostname } = new URL(process.env.E2E_BASE_URL ?? "");
  await page.context().addCookies([{ name: "NEXT_LOCALE", value: "es", domain: hostname, path: "/" }]);
  await page.addInitScript(() => localStorage.setItem("locale", "es"));
  const mama = await addContact(user.id, "Mamá", {
    email: "mama@example.com",
    phone: "+34600111222",
    whatsappConsentAt: new Date(),
    whatsappConsentSource: "written_form",
  });

  await page.goto("/");
  // By keyboard: the labelled line, then Enter.
  const line = page.getByRole("textbox", { name: es.quickAdd.label });
  await line.focus();
  await page.keyboard.type("recordar a mamá cada domingo a las 18:00 por WhatsApp: llama a la abuela");
  await page.keyboard.press("Enter");

  const dialog = page.getByRole("dialog", { name: es.reminderForm.titleCreate });
  await expect(dialog).toBeVisible();
  const report = dialog.getByTestId("quick-add-report");
  await expect(report.getByTestId("quick-add-contact")).toHaveText("Mamá");
  await expect(report.getByTestId("quick-add-channel")).toHaveText("WhatsApp");
  await expect(report.getByTestId("quick-add-schedule")).toHaveText(/ dom a las 18:00$/);
  await expect(report.getByTestId("quick-add-message")).toHaveText("llama a la abuela");
  await expect(report.getByTestId("quick-add-unknown")).toHaveCount(0);
  // Announced: the live region is filled once the dialog is open.
  await expect(report.locator("[aria-live=polite]")).toHaveText(
    new RegExp(`^${es.quickAdd.filled} ${es.quickAdd.parts.contact}: Mamá\\.`),
  );

  // The dialog's own fields hold it.
  await expect(dialog.getByLabel(es.reminderForm.contact, { exact: true })).toHaveValue(mama.id);
  await expect(dialog.getByLabel(es.reminderForm.deliveryMethod, { exact: true })).toHaveValue("whatsapp");
  await expect(dialog.getByLabel(es.reminderForm.message, { exact: true })).toHaveValue("llama a la abuela");
  await expect(dialog.getByRole("radio", { name: es.reminderForm.recurring })).toBeChecked();
  await expect(dialog.getByLabel(es.reminderForm.frequency, { exact: true })).toHaveValue("weekly");
  await expect(
    dialog.getByRole("checkbox", { name: es.reminderForm.weekdays.Sun, exact: true }),
  ).toBeChecked();
  await expect(
    dialog.getByRole("checkbox", { name: es.reminderForm.weekdays.Mon, exact: true }),
  ).not.toBeChecked();
  await expect(dialog.getByLabel(es.reminderForm.hour, { exact: true })).toHaveValue("18");
  await expect(dialog.getByLabel(es.reminderForm.minute, { exact: true })).toHaveValue("00");
  await expectNoSeriousA11yIssues(page);
  // Nothing is saved before the dialog's Create.
  expect(await savedFor(user.id)).toHaveLength(0);

  await dialog.getByRole("button", { name: es.reminderForm.submitCreate }).click();
  await expect(page.getByText(es.reminderForm.created).last()).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const [saved] = await savedFor(user.id);
  expect(saved).toMatchObject({
    contactId: mama.id,
    deliveryMethod: "whatsapp",
    message: "llama a la abuela",
    scheduleType: "recurring",
    frequency: "weekly",
    time: "18:00",
    days: ["Sun"],
    endCondition: "never",
    timezone: ZONE,
  });
  // The line is emptied for the next one.
  await expect(line).toHaveValue("");

  // Every Sunday of the month from the first occurrence on, and no other day.
  const firstSunday = madridDay(saved.nextRunAt ?? new Date(0));
  expect(weekday(firstSunday)).toBe(0);
  await page.goto("/schedule?view=month");
  const grid = page.getByRole("grid");
  const cells = grid.getByRole("gridcell");
  await expect(cells).toHaveCount(42);
  const dates = await cells.evaluateAll((all) => all.map((cell) => (cell as HTMLElement).dataset.date ?? ""));
  const sundays = dates.filter((date) => weekday(date) === 0 && date >= firstSunday);
  expect(sundays.length).toBeGreaterThanOrEqual(1);
  for (const date of dates) {
    const occurrences = grid.locator(`[data-date="${date}"]`).getByTestId("calendar-occurrence");
    if (sundays.includes(date)) {
      await expect(occurrences).toHaveCount(1);
      // Time, contact, channel and status (scheduled).
      await expect(occurrences).toHaveText(/^18:00 Mamá\s*WhatsApp · Programado$/);
    } else {
      await expect(occurrences).toHaveCount(0);
    }
  }
});

test("in English: a part not understood is marked and left, a name of two contacts asks which, Enter never saves", async ({
  page,
  signIn,
}) => {
  const user = await signIn({ timezone: ZONE });
  const ana = await addContact(user.id, "Ana", { phone: "+34600111222" });
  const dubois = await addContact(user.id, "Marc Dubois", { email: "dubois@example.com" });
  await addContact(user.id, "Marc Lefèvre", { email: "lefevre@example.com" });
  await page.goto("/");
  await page.getByRole("button", { name: en.dashboard.newReminder }).click();
  const dialog = page.getByRole("dialog", { name: en.reminderForm.titleCreate });
  await expect(dialog).toBeVisible();

  // The dialog's own line, first in it.
  const line = dialog.getByRole("textbox", { name: en.quickAdd.label });
  await expect(line).toBeFocused();
  await expect(line).toHaveAccessibleDescription(en.quickAdd.hint);
  await page.keyboard.type("Remind Ana next blue moon by SMS: call grandma");
  await page.keyboard.press("Enter");
  const report = dialog.getByTestId("quick-add-report");
  await expect(report.getByTestId("quick-add-contact")).toHaveText("Ana");
  await expect(report.getByTestId("quick-add-channel")).toHaveText("SMS");
  await expect(report.getByTestId("quick-add-schedule")).toHaveCount(0);
  const unknown = report.getByTestId("quick-add-unknown");
  await expect(unknown.locator("mark").first()).toHaveText("next blue moon");
  await expect(unknown.getByRole("listitem")).toHaveText([
    `next blue moon: ${en.quickAdd.reasons.not_understood}`,
  ]);
  await expect(report.locator("[aria-live=polite]")).toContainText("1 part is left for you.");
  // Filled what it read; the date is left empty, not guessed.
  await expect(dialog.getByLabel("Contact", { exact: true })).toHaveValue(ana.id);
  await expect(dialog.getByLabel("Delivery method", { exact: true })).toHaveValue("sms");
  await expect(dialog.getByLabel("Message", { exact: true })).toHaveValue("call grandma");
  await expect(dialog.getByLabel("Date", { exact: true })).toHaveValue("");
  await expect(dialog).toBeVisible();
  expect(await savedFor(user.id)).toHaveLength(0);

  // A name two contacts share: nobody is picked until the user says which, by keyboard here.
  await line.fill("Remind Marc tomorrow at 9 by email: bring the cake");
  await line.press("Enter");
  const question = report.getByRole("group", { name: `“Marc” could be more than one contact. Which one?` });
  await expect(question).toBeVisible();
  await expect(dialog.getByLabel("Contact", { exact: true })).toHaveValue("");
  await expect(dialog.getByLabel("Message", { exact: true })).toHaveValue("bring the cake");
  await expect(dialog.getByLabel("Date", { exact: true })).toHaveValue(
    madridDay(new Date(Date.now() + 86_400_000)),
  );
  await expect(report.getByTestId("quick-add-unknown")).toHaveCount(0);
  const choice = question.getByRole("button", { name: "Marc Dubois" });
  await choice.focus();
  await page.keyboard.press("Enter");
  await expect(choice).toHaveAttribute("aria-pressed", "true");
  await expect(dialog.getByLabel("Contact", { exact: true })).toHaveValue(dubois.id);
  await expectNoSeriousA11yIssues(page);
  expect(await savedFor(user.id)).toHaveLength(0);

  await dialog.getByRole("button", { name: en.reminderForm.submitCreate }).click();
  await expect(dialog).toHaveCount(0);
  const saved = await e2eDb
    .select()
    .from(reminders)
    .where(and(eq(reminders.workspaceId, user.id), eq(reminders.contactId, dubois.id)));
  expect(saved).toHaveLength(1);
  expect(saved[0]).toMatchObject({
    deliveryMethod: "email",
    message: "bring the cake",
    scheduleType: "once",
  });
});
