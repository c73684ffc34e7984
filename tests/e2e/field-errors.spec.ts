import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { deliveries, reminders } from "@/db/schema";
import { e2eDb, expect, test } from "./fixtures";
import { expectFieldError } from "./field-error-helpers";
import { ZONE, addContact, localDate, openDialog } from "./reminder-helpers";

// Errors beside their fields (the client's checks and the server's refusals), and the Schedule's status colours.

type Messages = {
  errors: Record<string, string>;
  contacts: { addContact: string };
  contactForm: Record<string, string>;
};
const messages = (locale: string) => JSON.parse(readFileSync(`messages/${locale}.json`, "utf8")) as Messages;
const en = messages("en");
const es = messages("es");

const setLocale = async (page: Page, locale: string) => {
  const url = new URL(process.env.E2E_BASE_URL ?? "");
  await page.context().addCookies([{ name: "NEXT_LOCALE", value: locale, domain: url.hostname, path: "/" }]);
};

test("the reminder dialog shows its own and the server's refusals under their fields, focused, with no toast", async ({
  page,
  signIn,
}) => {
  const user = await signIn({ timezone: ZONE });
  await addContact(user.id, "Rose");
  await page.goto("/reminders");
  const dialog = await openDialog(page);

  // The dialog's own check: no contact chosen.
  await dialog.getByRole("button", { name: "Create Reminder" }).click();
  const contact = dialog.getByLabel("Contact", { exact: true });
  await expectFieldError(contact, en.errors.select_contact);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);

  // Choosing one settles its error; the next missing field (the message) takes the focus.
  await contact.selectOption({ label: "Rose" });
  await expect(contact).not.toHaveAttribute("aria-invalid", "true");
  await dialog.getByRole("button", { name: "Create Reminder" }).click();
  await expectFieldError(dialog.getByRole("textbox", { name: "Message" }), en.errors.enter_message);

  // The server's refusal: today at 00:00 has passed in the user's zone.
  await dialog.getByRole("textbox", { name: "Message" }).fill("Water the plants");
  await dialog.getByLabel("Date", { exact: true }).fill(localDate(0));
  await dialog.getByLabel("Hour", { exact: true }).selectOption("00");
  await dialog.getByLabel("Minute", { exact: true }).selectOption("00");
  await dialog.getByRole("button", { name: "Create Reminder" }).click();
  await expectFieldError(dialog.getByLabel("Date", { exact: true }), en.errors.scheduled_in_past);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  await expect(dialog).toBeVisible();
});

test("the contact form shows the server's refusal under the field in the user's language, focused", async ({
  page,
  signIn,
}) => {
  const user = await signIn();
  await addContact(user.id, "Rose");
  await setLocale(page, "es");
  await page.goto("/contacts");
  await page.getByRole("button", { name: es.contacts.addContact }).first().click();
  const dialog = page.getByRole("dialog", { name: es.contactForm.addTitle });
  await dialog.getByLabel(es.contactForm.name, { exact: true }).fill("Rosa");
  await dialog.getByLabel(es.contactForm.email, { exact: true }).fill("rose@example.com");
  await dialog.getByRole("button", { name: es.contactForm.save }).click();
  await expectFieldError(dialog.getByLabel(es.contactForm.email, { exact: true }), es.errors.duplicate_email);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
});

test("the month view colours each occurrence by its status, with its icon and word, and a legend", async ({
  page,
  signIn,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const user = await signIn({ timezone: ZONE });
  const rose = await addContact(user.id, "Rose");
  const tomorrow = localDate(1);
  const created = await page.request.post("/api/reminders", {
    data: {
      contactId: rose.id,
      type: "text",
      message: "Tomorrow",
      deliveryMethod: "email",
      scheduleType: "once",
      scheduledFor: `${tomorrow}T10:00`,
    },
  });
  expect(created.status()).toBe(201);
  // Two reminders the engine already took on, both an hour ago: one sent, one failed.
  const hourAgo = new Date(Date.now() - 3_600_000);
  for (const status of ["sent", "failed"] as const) {
    const [reminder] = await e2eDb
      .insert(reminders)
      .values({
        workspaceId: user.id,
        contactId: rose.id,
        message: `Already ${status}`,
        deliveryMethod: "email",
        scheduleType: "once",
        scheduledFor: hourAgo,
        timezone: ZONE,
        status,
      })
      .returning();
    await e2eDb.insert(deliveries).values({
      reminderId: reminder.id,
      workspaceId: user.id,
      contactId: rose.id,
      occurrenceAt: hourAgo,
      channel: "email",
      status,
      attemptCount: 1,
    });
  }

  await page.goto(`/schedule?view=month&date=${localDate(0)}`);
  const legend = page.getByRole("list", { name: "Colours by status" });
  await expect(legend.getByRole("listitem")).toHaveText(["Scheduled", "Sent", "Failed"]);
  const grid = page.getByRole("grid");
  const occurrence = (text: string) => grid.getByTestId("calendar-occurrence").filter({ hasText: text });
  await expect(grid.getByTestId("calendar-occurrence")).toHaveCount(3);
  await expect(occurrence("Scheduled")).toHaveAttribute("data-status", "scheduled");
  await expect(occurrence("Sent")).toHaveAttribute("data-status", "sent");
  await expect(occurrence("Failed")).toHaveAttribute("data-status", "failed");
  // Colour is never the only cue: each carries its icon, and the three backgrounds differ.
  const looks = await grid.getByTestId("calendar-occurrence").evaluateAll((all) =>
    all.map((el) => ({
      background: getComputedStyle(el).backgroundColor,
      icons: el.querySelectorAll("svg").length,
    })),
  );
  expect(new Set(looks.map((look) => look.background)).size).toBe(3);
  expect(looks.map((look) => look.icons)).toEqual([1, 1, 1]);
});
