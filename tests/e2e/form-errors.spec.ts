import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectFieldError } from "./field-error-helpers";
import { ZONE, openDialog } from "./reminder-helpers";

// Errors beside their fields in the settings, message-template, webhook-endpoint, import and sign-in forms: the
// form's own checks and the server's refusals, in the user's language, focused, with no toast.

type Messages = {
  errors: Record<string, string>;
  settings: Record<string, string>;
  contactImport: { reasons: Record<string, string> };
  auth: Record<string, string>;
};
const messages = (locale: string) => JSON.parse(readFileSync(`messages/${locale}.json`, "utf8")) as Messages;
const en = messages("en");
const fr = messages("fr");

const expectNoToast = (page: Page) => expect(page.locator("[data-sonner-toast]")).toHaveCount(0);

const setLocale = async (page: Page, locale: string) => {
  const url = new URL(process.env.E2E_BASE_URL ?? "");
  await page.context().addCookies([{ name: "NEXT_LOCALE", value: locale, domain: url.hostname, path: "/" }]);
};

test("settings: the form's check and the server's refusal show under their fields in French, focused", async ({
  page,
  signIn,
}) => {
  await signIn();
  await setLocale(page, "fr");
  await page.goto("/settings");
  const senderName = page.getByLabel(fr.settings.senderName, { exact: true });
  const phone = page.getByLabel(fr.settings.phone, { exact: true });
  const save = page
    .locator("form")
    .filter({ has: senderName })
    .getByRole("button", { name: fr.settings.save, exact: true });

  // The form's own check: a sender name past 100 characters.
  await senderName.fill("S".repeat(101));
  await save.click();
  await expectFieldError(senderName, fr.settings.senderNameTooLong);
  await expectNoToast(page);

  // Corrected, its error goes; the server refuses the phone number (checked there only).
  await senderName.fill("Sam");
  await expect(senderName).not.toHaveAttribute("aria-invalid", "true");
  await phone.fill("12");
  await save.click();
  await expectFieldError(phone, fr.errors.invalid_phone);
  await expectNoToast(page);
});

test("templates: a name already taken shows under the name, when saving and when renaming", async ({
  page,
  signIn,
}) => {
  await signIn({ timezone: ZONE });
  for (const name of ["Birthday wishes", "Thank you"]) {
    const created = await page.request.post("/api/templates", { data: { name, body: `${name}!` } });
    expect(created.status()).toBe(201);
  }
  await page.goto("/reminders");
  const dialog = await openDialog(page);
  await dialog.getByLabel("Message", { exact: true }).fill("Happy birthday, {first_name}!");

  await dialog.getByRole("button", { name: "Save as template" }).click();
  const save = page.getByRole("dialog", { name: "Save as template" });
  const name = save.getByLabel("Template name");
  await name.fill("Birthday wishes");
  await save.getByRole("button", { name: "Save", exact: true }).click();
  await expectFieldError(name, en.errors.duplicate_template_name);
  await expectNoToast(page);
  await expect(save).toBeVisible();
  await save.getByRole("button", { name: "Cancel" }).click();

  await dialog.getByRole("button", { name: "Manage templates" }).click();
  const manage = page.getByRole("dialog", { name: "Your message templates" });
  const rename = manage.getByLabel("New name for Thank you");
  await rename.fill("Birthday wishes");
  await manage
    .getByRole("listitem")
    .filter({ has: page.getByLabel("New name for Thank you") })
    .getByRole("button", { name: "Rename" })
    .click();
  await expectFieldError(rename, en.errors.duplicate_template_name);
  await expectNoToast(page);
});

test("webhook endpoint: an unusable URL and no events show under their controls, focused", async ({
  page,
  signIn,
}) => {
  await signIn();
  await page.goto("/settings/developers");
  const section = page.getByTestId("webhooks-section");
  await section.getByRole("button", { name: "Add endpoint" }).click();
  const form = section.getByTestId("webhook-endpoint-form");
  const url = form.getByLabel("Endpoint URL");

  // The server's refusal of the address.
  await url.fill("not an address");
  await form.getByRole("button", { name: "Create endpoint" }).click();
  await expectFieldError(url, en.errors.webhook_url_invalid);
  await expectNoToast(page);

  // The form's own check: at least one event.
  for (const box of await form.getByRole("checkbox").all()) await box.click();
  await form.getByRole("button", { name: "Create endpoint" }).click();
  await expectFieldError(form.getByRole("checkbox").first(), en.errors.webhook_events_required);
  await expectNoToast(page);
  await expect(section.getByTestId("webhook-endpoint")).toHaveCount(0);
});

test("import contacts: a file without a name column is named under the file control as it is chosen, focused", async ({
  page,
  signIn,
}) => {
  await signIn();
  await page.goto("/contacts");
  await page.getByRole("button", { name: "Import Contacts" }).click();
  const dialog = page.getByRole("dialog", { name: "Import Contacts" });
  const file = dialog.getByLabel("CSV or vCard file");
  await file.setInputFiles({
    name: "contacts.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("email,phone\nrose@example.com,\n"),
  });
  // Read as soon as it is chosen: no preview, the reason under the file control.
  await expectFieldError(file, en.contactImport.reasons.noNameColumn);
  await expect(dialog.getByTestId("import-preview")).toHaveCount(0);
  await expectNoToast(page);
});

test("sign-in: an address that is not one is named under the field, focused, and stays to be corrected", async ({
  page,
}) => {
  await page.goto("/sign-in");
  const email = page.getByLabel(en.auth.emailLabel, { exact: true });
  await email.fill("rose.example.com");
  await page.getByRole("button", { name: en.auth.sendLink }).click();
  await expectFieldError(email, en.auth.invalidEmail);
  await expect(email).toHaveValue("rose.example.com");
  // Corrected, its error goes.
  await email.fill("rose@example.com");
  await expect(email).not.toHaveAttribute("aria-invalid", "true");
});
